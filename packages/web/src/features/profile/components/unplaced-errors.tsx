import type { Message } from '@portal/machines';
import { useTranslation } from 'react-i18next';
import { NotificationBox } from '../../../ui/index.ts';
import { useMessageText } from './profile-sections.tsx';

/**
 * Server field errors on fields this form does not show (e.g. the stored phone number in the
 * survey): listed in one notice so that no refusal goes unexplained.
 */
export function UnplacedErrors({
  fieldErrors,
  shown,
}: {
  fieldErrors: Record<string, Message>;
  shown: readonly string[];
}) {
  const { t } = useTranslation('profile');
  const text = useMessageText();
  const rest = Object.entries(fieldErrors).filter(([field]) => !shown.includes(field));
  if (rest.length === 0) return null;
  return (
    <NotificationBox variant="danger" title={t('page.fixFields')}>
      <ul className="list-disc pl-5">
        {rest.map(([field, message]) => (
          <li key={field}>{text(message)}</li>
        ))}
      </ul>
    </NotificationBox>
  );
}
