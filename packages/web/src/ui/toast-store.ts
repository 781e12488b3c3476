import type { toast as sonnerToast } from 'sonner';

/**
 * Sonner (about 10 kB gzip) is not needed to render a page, only to show a toast, so it loads
 * in its own chunk. `toast.*` calls made before the toaster is mounted wait here, in order.
 */
/** Toasts close by themselves after this many milliseconds (spec §9). */
export const TOAST_DURATION_MS = 5000;

type SonnerToast = typeof sonnerToast;
type Call = (toast: SonnerToast) => void;

let mounted: SonnerToast | null = null;
let mountedCount = 0;
const pending: Call[] = [];
let wanted = false;
const listeners = new Set<() => void>();

/** Runs a call on sonner now, or once a toaster is mounted (and asks for one). */
export function runToast(call: Call): void {
  if (mounted !== null && mountedCount > 0) {
    call(mounted);
    return;
  }
  pending.push(call);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/** Closes one toast or all; before the toaster is mounted nothing shows, so only the queue empties. */
export function dismissToast(id?: string | number): void {
  if (mounted !== null && mountedCount > 0) mounted.dismiss(id);
  else if (id === undefined) pending.length = 0;
}

/** Whether a toast is waiting for the toaster (the toaster then mounts at once). */
export function isToastWanted(): boolean {
  return wanted;
}

export function subscribeToastWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the mounted sonner toaster (after it subscribed); flushes queued calls. */
export function toasterMounted(toast: SonnerToast): () => void {
  mounted = toast;
  mountedCount += 1;
  for (const call of pending.splice(0)) call(toast);
  return () => {
    mountedCount -= 1;
  };
}
