import { isApiError } from '@portal/sdk';
import { NotificationBox } from '../../../ui/index.ts';

/** A failed action: our message, and the server's own explanation beneath when it sent one. */
export function ActionError({ title, error }: { title: string; error: unknown }) {
  const detail = isApiError(error) ? error.userMessage : undefined;
  return (
    <NotificationBox variant="danger" title={title} className="mb-4">
      {detail}
    </NotificationBox>
  );
}
