import { useState, type ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

export interface ConfirmDialogProps {
  /** Controlled visibility; leave out to let `trigger` open it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Optional element that opens the dialog (e.g. a "Delete" Button). */
  trigger?: ReactNode;
  /** The question, e.g. "Delete your account?". */
  title: ReactNode;
  /** What will happen, e.g. "This cannot be undone." */
  description?: ReactNode;
  /** Label of the confirming action; defaults to the translated "Confirm". */
  confirmLabel?: string;
  /** Label of the cancelling action; defaults to the translated "Cancel". */
  cancelLabel?: string;
  /** `danger` gives the confirming button the red look (deletes, cancellations). */
  variant?: 'default' | 'danger';
  /**
   * Runs on confirm. If it returns a promise the button shows a spinner until it settles; the
   * dialog closes when it resolves and stays open when it rejects (show the error elsewhere).
   */
  onConfirm: () => void | Promise<void>;
}

/**
 * A confirmation on Radix AlertDialog: it does not close on a backdrop click, Escape cancels,
 * and focus starts on the cancel action so that a stray Enter never deletes anything.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  variant = 'default',
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation('ui');
  const [innerOpen, setInnerOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const isOpen = open ?? innerOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setInnerOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // The caller reports the failure; the dialog stays open so the user can retry or cancel.
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root open={isOpen} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <AlertDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-4 shadow-xl focus:outline-none md:p-6"
        >
          <AlertDialog.Title className="text-xl font-semibold text-slate-900">
            {title}
          </AlertDialog.Title>
          {description && (
            <AlertDialog.Description className="mt-2 text-slate-700">
              {description}
            </AlertDialog.Description>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                {cancelLabel ?? t('cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={variant === 'danger' ? 'danger' : 'primary'}
              loading={pending}
              onClick={() => void confirm()}
            >
              {confirmLabel ?? t('confirm')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
