import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ExternalToast } from 'sonner';
import {
  TOAST_DURATION_MS,
  dismissToast,
  isToastWanted,
  runToast,
  subscribeToastWanted,
} from './toast-store.ts';
import { onFirstInteraction } from './first-interaction.ts';

export { TOAST_DURATION_MS };

const SonnerToaster = lazy(() => import('./sonner-toaster.tsx'));

/** Options for one toast: an optional second line and an id (a toast with the same id is replaced). */
export interface ToastOptions {
  description?: ReactNode;
  id?: string | number;
  /** Override the 5000 ms auto-close (use sparingly). */
  duration?: number;
}

let lastId = 0;

function show(
  kind: 'success' | 'error' | 'info',
  message: ReactNode,
  { description, id, duration }: ToastOptions = {},
): string | number {
  const toastId = id ?? `toast-${++lastId}`;
  const options: ExternalToast = {
    description,
    id: toastId,
    duration: duration ?? TOAST_DURATION_MS,
  };
  runToast((sonner) => sonner[kind](message, options));
  return toastId;
}

/**
 * Show a toast (announced through sonner's polite live region, labelled "Notifications").
 * Use for short results of an action ("Saved", the API's UserMessage on 400). Returns its id.
 */
export const toast = {
  success: (message: ReactNode, opts?: ToastOptions) => show('success', message, opts),
  error: (message: ReactNode, opts?: ToastOptions) => show('error', message, opts),
  info: (message: ReactNode, opts?: ToastOptions) => show('info', message, opts),
  /** Close one toast by id, or all of them. */
  dismiss: (id?: string | number) => dismissToast(id),
};

/**
 * True from the first interaction on: most toasts answer an action, so sonner (and its live
 * region) is in place before the action's answer comes back; reading a page never fetches it.
 */
function useInteracted(): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => onFirstInteraction(() => setInteracted(true)), []);
  return interacted;
}

/**
 * Mount once near the root: toasts appear top-right and close after 5000 ms. Sonner itself is
 * a separate chunk, loaded at the first interaction or the first toast, whichever is first (a
 * toast asked for before waits in the queue until the toaster has mounted, then shows).
 */
export function Toaster() {
  const wanted = useSyncExternalStore(subscribeToastWanted, isToastWanted, () => false);
  const interacted = useInteracted();
  if (!wanted && !interacted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
