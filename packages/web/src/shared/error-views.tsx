import { isApiError } from '@portal/sdk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NotificationBox } from '../ui/index.ts';

/** A failed load: the feature's message and a button that tries again. */
export function LoadError({
  children,
  onRetry,
  className,
}: {
  children: ReactNode;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation('shared');
  return (
    <NotificationBox
      variant="danger"
      className={className}
      actions={
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    >
      {children}
    </NotificationBox>
  );
}

/** The server's own explanation of a failed call (a 400's or 409's UserMessage), if it sent one. */
export function userMessageOf(error: unknown): string | undefined {
  return isApiError(error) ? error.userMessage : undefined;
}

/** A failed action: the feature's message, and the server's own explanation beneath when it sent one. */
export function ActionError({
  title,
  error,
  className,
}: {
  title: string;
  error: unknown;
  className?: string;
}) {
  return (
    <NotificationBox variant="danger" title={title} className={className}>
      {userMessageOf(error)}
    </NotificationBox>
  );
}
