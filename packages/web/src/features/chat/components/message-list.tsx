import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui/index.ts';
import { shortDateTime } from '../../../shared/time.ts';
import type { ChatMessage } from '../api/get-conversation.ts';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  /** A live conversation announces new messages politely (`role="log"`); an archived one is static. */
  live?: boolean;
  label: string;
}

/** The messages, oldest first; scrolls to the newest when one arrives. */
export function MessageList({ messages, live = false, label }: MessageListProps) {
  const { t } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = messages[messages.length - 1]?.id;

  useEffect(() => {
    const element = scroller.current;
    if (element !== null && typeof element.scrollTo === 'function') {
      element.scrollTo({ top: element.scrollHeight });
    }
  }, [lastId]);

  const senderOf = (message: ChatMessage) =>
    message.sender === 'patient'
      ? t('sender.you')
      : message.sender === 'system'
        ? t('sender.system')
        : (message.senderName ?? t('sender.professional'));

  return (
    <div
      ref={scroller}
      role={live ? 'log' : 'region'}
      aria-live={live ? 'polite' : undefined}
      aria-label={label}
      // A scrollable region must be reachable by keyboard.
      tabIndex={0}
      className="max-h-[60vh] overflow-y-auto rounded-lg border border-slate-300 bg-slate-50 p-3 focus-visible:outline-3 focus-visible:outline-brand-700 md:p-4"
    >
      <ol className="flex flex-col gap-3">
        {messages.map((message) => (
          <li
            key={message.id}
            className={cn(
              'flex flex-col gap-1',
              message.sender === 'patient' && 'items-end',
              message.sender === 'system' && 'items-center',
            )}
          >
            <div
              className={cn(
                'max-w-[85%] rounded-lg px-3 py-2 text-slate-900 md:max-w-[75%]',
                message.sender === 'patient' && 'bg-brand-100',
                message.sender === 'professional' && 'border border-slate-300 bg-white',
                message.sender === 'system' && 'bg-transparent text-center text-sm text-slate-700',
              )}
            >
              <p className="text-sm font-semibold">{senderOf(message)}</p>
              <p className="break-words whitespace-pre-line">{message.text}</p>
              <p className="mt-1 text-xs text-slate-700">
                <time dateTime={message.sentAt}>{shortDateTime(message.sentAt)}</time>
              </p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
