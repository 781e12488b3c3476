import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccordionSection, EmptyState, Spinner } from '../../../ui/index.ts';
import { formatHelsinki } from '../../../shared/time.ts';
import { useConversation } from '../api/get-conversation.ts';
import type { ConversationSummary } from '../api/get-conversations.ts';
import { MessageList } from './message-list.tsx';
import { LoadError } from '../../../shared/error-views.tsx';

/** The messages of an archived conversation, loaded when its section is opened. */
function ArchivedMessages({ id, label }: { id: number; label: string }) {
  const { t } = useTranslation('chat');
  const conversation = useConversation(id);
  if (conversation.isPending) return <Spinner label={t('loading')} />;
  if (conversation.isError) {
    return <LoadError onRetry={() => void conversation.refetch()}>{t('loadFailed')}</LoadError>;
  }
  return <MessageList messages={conversation.data.messages} label={label} />;
}

function ArchivedConversation({ summary }: { summary: ConversationSummary }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const name = t('conversation.name', { number: summary.number });
  return (
    <li>
      <AccordionSection
        title={name}
        subtitle={t('archived.subtitle', {
          topic: summary.topicName,
          date: formatHelsinki(summary.startedAt, 'date'),
        })}
        open={open}
        onOpenChange={setOpen}
      >
        {open && <ArchivedMessages id={summary.id} label={t('archived.messagesOf', { name })} />}
      </AccordionSection>
    </li>
  );
}

/** The earlier, archived conversations, newest first, each named "Conversation {number}". */
export function ArchivedConversations({
  conversations,
}: {
  conversations: readonly ConversationSummary[];
}) {
  const { t } = useTranslation('chat');
  const archived = conversations.filter((c) => c.status === 'archived');
  return (
    <section aria-labelledby="chat-archived-heading" className="flex flex-col gap-3">
      <h2 id="chat-archived-heading" className="text-xl font-semibold text-slate-900">
        {t('archived.title')}
      </h2>
      {archived.length === 0 ? (
        <EmptyState title={t('archived.empty')} text={t('archived.emptyText')} />
      ) : (
        <ul aria-labelledby="chat-archived-heading" className="flex flex-col gap-3">
          {archived.map((summary) => (
            <ArchivedConversation key={summary.id} summary={summary} />
          ))}
        </ul>
      )}
    </section>
  );
}
