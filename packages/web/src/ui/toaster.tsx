import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as SonnerToaster, toast as sonnerToast, type ExternalToast } from 'sonner';

/** Toasts close by themselves after this many milliseconds (spec §9). */
export const TOAST_DURATION_MS = 5000;

/** Options for one toast: an optional second line and an id (a toast with the same id is replaced). */
export interface ToastOptions {
  description?: ReactNode;
  id?: string | number;
  /** Override the 5000 ms auto-close (use sparingly). */
  duration?: number;
}

function options({ description, id, duration }: ToastOptions = {}): ExternalToast {
  return { description, id, duration: duration ?? TOAST_DURATION_MS };
}

/**
 * Show a toast (announced through sonner's polite live region, labelled "Notifications").
 * Use for short results of an action ("Saved", the API's UserMessage on 400).
 */
export const toast = {
  success: (message: ReactNode, opts?: ToastOptions) => sonnerToast.success(message, options(opts)),
  error: (message: ReactNode, opts?: ToastOptions) => sonnerToast.error(message, options(opts)),
  info: (message: ReactNode, opts?: ToastOptions) => sonnerToast.info(message, options(opts)),
  /** Close one toast by id, or all of them. */
  dismiss: (id?: string | number) => sonnerToast.dismiss(id),
};

/** Mount once near the root: toasts appear top-right and close after 5000 ms. */
export function Toaster() {
  const { t } = useTranslation('ui');
  return (
    <SonnerToaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      closeButton
      containerAriaLabel={t('notifications')}
      toastOptions={{
        closeButtonAriaLabel: t('close'),
        // Dark text on white (sonner's rich colours fall below AA); the type shows as the icon
        // and a coloured left edge.
        classNames: {
          success: 'border-l-4! border-l-brand-700! [&_[data-icon]]:text-brand-700',
          error: 'border-l-4! border-l-red-700! [&_[data-icon]]:text-red-700',
          info: 'border-l-4! border-l-sky-700! [&_[data-icon]]:text-sky-700',
        },
      }}
    />
  );
}
