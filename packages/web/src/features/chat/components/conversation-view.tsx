import { isApiError } from '@portal/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ConfirmDialog, NotificationBox, Spinner, TextArea } from '../../../ui/index.ts';
import { useCloseConversation, useSendMessage } from '../api/chat-actions.ts';
import { CHAT_STATUS_KEY, type ChatStatus } from '../api/get-chat-status.ts';
import { useConversation } from '../api/get-conversation.ts';
import { CONVERSATIONS_KEY } from '../api/get-conversations.ts';
import { useConversationStream } from '../api/use-conversation-stream.ts';
import { ChatClosedNotice } from './chat-closed-notice.tsx';
import { MessageList } from './message-list.tsx';
import { MESSAGE_MAX_LENGTH } from './start-conversation-form.tsx';
import { LoadError } from '../../../shared/error-views.tsx';

export interface ConversationViewProps {
  conversationId: number;
  status: ChatStatus;
  /** After 'back to beginning' archived the conversation. */
  onArchived: () => void;
  /** Move focus to the conversation's heading when it appears (after starting it). */
  focusOnMount?: boolean;
}

type SendProblem = 'required' | 'failed' | null;

/**
 * The active conversation: live messages, the professional's typing indicator, the message box
 * (Enter sends, Shift+Enter adds a line) and 'back to beginning'.
 */
export function ConversationView({
  conversationId,
  status,
  onArchived,
  focusOnMount = false,
}: ConversationViewProps) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const headingId = useId();
  const conversation = useConversation(conversationId);
  const active = conversation.data?.status === 'active';
  const typing = useConversationStream(conversationId, active);
  const send = useSendMessage(conversationId);
  const close = useCloseConversation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<SendProblem>(null);
  const [closeFailed, setCloseFailed] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = conversation.data !== undefined;

  useEffect(() => {
    if (focusOnMount && loaded) heading.current?.focus();
  }, [focusOnMount, loaded]);

  if (conversation.isPending) return <Spinner label={t('loading')} />;
  if (conversation.isError) {
    return <LoadError onRetry={() => void conversation.refetch()}>{t('loadFailed')}</LoadError>;
  }

  const { data } = conversation;

  const submit = () => {
    const message = text.trim();
    if (message === '') {
      setProblem('required');
      box.current?.focus();
      return;
    }
    setProblem(null);
    send.mutate(message, {
      onSuccess: () => {
        setText('');
        box.current?.focus();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'chat-closed') {
          void queryClient.invalidateQueries({ queryKey: CHAT_STATUS_KEY });
          return;
        }
        if (isApiError(error) && error.code === 'conversation-closed') {
          void conversation.refetch();
          void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
          return;
        }
        setProblem('failed');
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!send.isPending) submit();
    }
  };

  const backToBeginning = async () => {
    setCloseFailed(false);
    try {
      await close.mutateAsync(conversationId);
      onArchived();
    } catch (error) {
      setCloseFailed(true);
      throw error;
    }
  };

  const typingText =
    typing === null
      ? ''
      : typing === ''
        ? t('conversation.typingUnknown')
        : t('conversation.typing', { name: typing });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="text-xl font-semibold text-slate-900 focus:outline-none"
          >
            {t('conversation.name', { number: data.number })}
          </h2>
          <p className="text-slate-700">{data.topicName}</p>
        </div>
        {active && (
          <ConfirmDialog
            title={t('back.title')}
            description={t('back.text')}
            confirmLabel={t('back.confirm')}
            cancelLabel={t('back.cancel')}
            onConfirm={backToBeginning}
            trigger={<Button variant="secondary">{t('back.action')}</Button>}
          />
        )}
      </div>
      {closeFailed && <NotificationBox variant="danger">{t('back.failed')}</NotificationBox>}

      <MessageList messages={data.messages} live label={t('conversation.messages')} />
      <p role="status" className="min-h-6 text-sm text-slate-700 italic">
        {typingText}
      </p>

      {!active ? (
        <NotificationBox variant="neutral">{t('conversation.archived')}</NotificationBox>
      ) : !status.open ? (
        <ChatClosedNotice status={status} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
          <TextArea
            ref={box}
            label={t('conversation.message')}
            hint={t('conversation.messageHint')}
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (problem === 'required') setProblem(null);
            }}
            onKeyDown={onKeyDown}
            error={problem === 'required' ? t('conversation.messageRequired') : undefined}
          />
          {problem === 'failed' && (
            <NotificationBox variant="danger">{t('conversation.sendFailed')}</NotificationBox>
          )}
          <div>
            <Button type="submit" loading={send.isPending} className="w-full sm:w-auto">
              {t('conversation.send')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
