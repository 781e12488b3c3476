import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { TOAST_DURATION_MS, toasterMounted } from './toast-store.ts';

/** Sonner's toaster, styled: top-right, 5000 ms, a translated region label and close button. */
export default function SonnerToasterMount() {
  const { t } = useTranslation('ui');
  // Runs after sonner's own effect (children first), so queued toasts reach a subscriber.
  useEffect(() => toasterMounted(toast), []);
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
