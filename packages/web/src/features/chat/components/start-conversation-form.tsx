import { isApiError } from '@portal/sdk';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NotificationBox, RadioGroup, Spinner, TextArea } from '../../../ui/index.ts';
import { useStartConversation } from '../api/chat-actions.ts';
import { useChatTopics } from '../api/get-chat-topics.ts';
import { LoadError } from '../../../shared/error-views.tsx';

export const MESSAGE_MAX_LENGTH = 2000;

/** What the patient has chosen and typed; kept by the page so that nothing is lost if the chat closes. */
export interface StartDraft {
  topicId: string;
  message: string;
}

export const EMPTY_START_DRAFT: StartDraft = { topicId: '', message: '' };

/** Topic choice and the first message; starting needs the chat to be open (409 chat-closed). */
export function StartConversationForm({
  draft,
  onDraftChange,
  onStarted,
  onClosed,
}: {
  draft: StartDraft;
  onDraftChange: (draft: StartDraft) => void;
  onStarted: () => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation('chat');
  const topics = useChatTopics();
  const start = useStartConversation();
  const { topicId, message } = draft;
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);

  if (topics.isPending) return <Spinner label={t('loading')} />;
  if (topics.isError) {
    return <LoadError onRetry={() => void topics.refetch()}>{t('loadFailed')}</LoadError>;
  }

  const topicError = submitted && topicId === '' ? t('start.topicRequired') : undefined;
  const messageError = submitted && message.trim() === '' ? t('start.messageRequired') : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFailed(false);
    if (topicId === '') {
      document.querySelector<HTMLElement>('#chat-topic [role="radio"]')?.focus();
      return;
    }
    if (message.trim() === '') {
      document.getElementById('chat-first-message')?.focus();
      return;
    }
    start.mutate(
      { topicId: Number(topicId), message: message.trim() },
      {
        onSuccess: () => {
          onDraftChange(EMPTY_START_DRAFT);
          onStarted();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'chat-closed') {
            onClosed();
            return;
          }
          setFailed(true);
          failureRef.current?.focus();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <RadioGroup
        id="chat-topic"
        label={t('start.topic')}
        required
        value={topicId}
        onValueChange={(value) => onDraftChange({ ...draft, topicId: value })}
        options={topics.data.map((topic) => ({
          value: String(topic.id),
          label: topic.name,
          description: topic.description,
        }))}
        error={topicError}
      />
      <TextArea
        id="chat-first-message"
        label={t('start.message')}
        hint={t('start.messageHint')}
        required
        maxLength={MESSAGE_MAX_LENGTH}
        value={message}
        onChange={(event) => onDraftChange({ ...draft, message: event.target.value })}
        error={messageError}
      />
      <div ref={failureRef} tabIndex={-1} className="focus:outline-none">
        {failed && <NotificationBox variant="danger">{t('start.failed')}</NotificationBox>}
      </div>
      <div>
        <Button type="submit" loading={start.isPending} className="w-full sm:w-auto">
          {t('start.submit')}
        </Button>
      </div>
    </form>
  );
}
