import { isApiError } from '@portal/sdk';

/** The server's own explanation of a failed action (e.g. 409 inside-cancel-window), if any. */
export function userMessageOf(error: unknown): string | undefined {
  return isApiError(error) ? error.userMessage : undefined;
}
