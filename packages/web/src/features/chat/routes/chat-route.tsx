import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Page, PageHeader, Spinner } from '../../../ui/index.ts';
import { CHAT_STATUS_KEY, useChatStatus } from '../api/get-chat-status.ts';
import { useConversations } from '../api/get-conversations.ts';
import { ArchivedConversations } from '../components/archived-conversations.tsx';
import { ChatClosedNotice, useHoursText } from '../components/chat-closed-notice.tsx';
import { ConversationView } from '../components/conversation-view.tsx';
import {
  EMPTY_START_DRAFT,
  StartConversationForm,
} from '../components/start-conversation-form.tsx';
import { LoadError } from '../../../shared/error-views.tsx';

function HoursLine({ status }: { status: NonNullable<ReturnType<typeof useChatStatus>['data']> }) {
  return <>{useHoursText(status)}</>;
}

/**
 * /chat: chat with an oral-health professional (spec §2). The active conversation if there is
 * one; otherwise the topic choice while the chat is open, or the closed notice with the hours.
 * The archived conversations are listed below.
 */
export default function ChatRoute() {
  const { t } = useTranslation('chat');
  usePageTitle(t('title'));
  const queryClient = useQueryClient();
  const status = useChatStatus();
  const conversations = useConversations();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [started, setStarted] = useState(false);
  const [draft, setDraft] = useState(EMPTY_START_DRAFT);

  const header = (
    <PageHeader
      headingRef={headingRef}
      title={t('title')}
      description={
        <>
          {t('description')} {status.data && <HoursLine status={status.data} />}
        </>
      }
    />
  );

  if (status.isPending || conversations.isPending) {
    return (
      <Page width="narrow">
        {header}
        <Spinner label={t('loading')} />
      </Page>
    );
  }
  if (status.isError || conversations.isError) {
    return (
      <Page width="narrow">
        {header}
        <LoadError
          onRetry={() => {
            void status.refetch();
            void conversations.refetch();
          }}
        >
          {t('loadFailed')}
        </LoadError>
      </Page>
    );
  }

  const active = conversations.data.find((c) => c.status === 'active');

  return (
    <Page width="narrow">
      {header}
      <div className="flex flex-col gap-8">
        {active !== undefined ? (
          <ConversationView
            key={active.id}
            conversationId={active.id}
            status={status.data}
            focusOnMount={started}
            onArchived={() => {
              setStarted(false);
              headingRef.current?.focus();
            }}
          />
        ) : status.data.open ? (
          <section aria-labelledby="chat-start-heading" className="flex flex-col gap-4">
            <h2 id="chat-start-heading" className="text-xl font-semibold text-slate-900">
              {t('start.title')}
            </h2>
            <StartConversationForm
              draft={draft}
              onDraftChange={setDraft}
              onStarted={() => setStarted(true)}
              onClosed={() => void queryClient.invalidateQueries({ queryKey: CHAT_STATUS_KEY })}
            />
          </section>
        ) : (
          <ChatClosedNotice status={status.data} />
        )}
        <ArchivedConversations conversations={conversations.data} />
      </div>
    </Page>
  );
}
