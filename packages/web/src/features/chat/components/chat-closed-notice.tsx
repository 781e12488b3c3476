import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/language.ts';
import { NotificationBox } from '../../../ui/index.ts';
import { openingMoment, shortHour, weekdayNames } from '../api/chat-time.ts';
import type { ChatStatus } from '../api/get-chat-status.ts';

/** The hours as a sentence: "The chat is open Mon–Fri 8–16 (Finnish time) and free of charge." */
export function useHoursText(status: ChatStatus): string {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  return t('hours', {
    days: weekdayNames(status.hours.weekdays, language),
    opens: shortHour(status.hours.opens),
    closes: shortHour(status.hours.closes),
  });
}

/** Outside the opening hours: closed, the hours, and when it opens next. */
export function ChatClosedNotice({ status }: { status: ChatStatus }) {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  const hours = useHoursText(status);
  const next = status.opensAt === null ? null : openingMoment(status.opensAt, language);
  return (
    <NotificationBox variant="warning" role="status" title={t('closed.title')}>
      <p>{hours}</p>
      {next && <p className="mt-1">{t('closed.opensAt', next)}</p>}
    </NotificationBox>
  );
}
