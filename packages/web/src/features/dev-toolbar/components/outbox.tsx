import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../shared/api.tsx';
import { useSession } from '../../../shared/session.tsx';
import { formatHelsinki } from '../../../shared/time.ts';

/** How many of the newest messages the panel lists. */
const SHOWN = 20;

/** The path of a message's link: it opens in this portal whatever origin the server wrote. */
function pathOf(url: string): string {
  try {
    const { pathname, search, hash } = new URL(url);
    return `${pathname}${search}${hash}`;
  } catch {
    return '/';
  }
}

/**
 * The QA toolbar's outbox: the SMS and emails the dev server delivered instead of sending them
 * (GET /api/dev/outbox), newest first, by default only the signed-in user's, each with the page
 * its link opens. Advancing the clock brings the reminders that come due.
 */
export function OutboxSection() {
  const { t } = useTranslation('dev-toolbar');
  const { $api } = useApi();
  const { user } = useSession();
  const [mineOnly, setMineOnly] = useState(true);
  const headingId = useId();
  const userId = mineOnly && user ? user.Id : undefined;
  const outbox = $api.useQuery(
    'get',
    '/api/dev/outbox',
    { params: { query: userId === undefined ? {} : { userId } } },
    { staleTime: 0 },
  );
  const messages = outbox.data ?? [];

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold">
        {t('outbox.title')}
      </h2>
      {user && (
        <label className="mt-1 flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={mineOnly}
            onChange={(event) => setMineOnly(event.target.checked)}
          />
          {t('outbox.mineOnly')}
        </label>
      )}
      {outbox.isPending && <p>{t('loading')}</p>}
      {outbox.isError && <p role="alert">{t('outbox.failed')}</p>}
      {outbox.isSuccess && messages.length === 0 && <p>{t('outbox.empty')}</p>}
      {messages.length > 0 && (
        <ol aria-labelledby={headingId} className="mt-2 max-h-96 overflow-y-auto">
          {messages.slice(0, SHOWN).map((message) => (
            <li key={message.id} className="border-t border-slate-200 py-2">
              <p className="font-semibold">
                {t(`outbox.kind.${message.kind}`)} · {t(`outbox.channel.${message.channel}`)}
              </p>
              <p className="text-slate-700">
                {t('outbox.sent', { to: message.to, at: formatHelsinki(message.sentAt, 'full') })}
              </p>
              {message.subject !== null && <p className="font-medium">{message.subject}</p>}
              <p className="break-words">{message.text}</p>
              <a
                href={pathOf(message.url)}
                className="font-semibold text-brand-800 underline focus-visible:outline-3 focus-visible:outline-brand-700"
              >
                {t('outbox.open')}
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
