import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { CloseIcon } from './icons.tsx';

export interface ModalProps {
  /** Controlled visibility. Leave out (with `defaultOpen`) to let the modal manage itself. */
  open?: boolean;
  defaultOpen?: boolean;
  /** Called with `false` on the × control, a backdrop click or Escape. */
  onOpenChange?: (open: boolean) => void;
  /** Optional element that opens the modal (rendered as is via `asChild`, e.g. a Button). */
  trigger?: ReactNode;
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  /** Optional text under the title, linked as the accessible description. */
  description?: ReactNode;
  /** The body. */
  children?: ReactNode;
  /** Actions at the bottom (buttons), right-aligned on wide screens, stacked on phones. */
  footer?: ReactNode;
  /** `wide` (max 48 rem) for the profile survey; `default` max 32 rem. */
  size?: 'default' | 'wide';
  /** Hide the × control (keep Escape and backdrop closing). */
  hideCloseButton?: boolean;
  /** Extra classes for the content panel. */
  className?: string;
  /**
   * Where the focus goes as the modal closes (Radix's `onCloseAutoFocus`): by default back to
   * the trigger; `event.preventDefault()` and focus another element to say what changed.
   */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A modal dialog on Radix Dialog: focus is trapped inside and returns to the trigger on close,
 * page scroll is locked while open, and it closes on the × control, a backdrop click or Escape.
 */
export function Modal({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  size = 'default',
  hideCloseButton = false,
  className,
  onCloseAutoFocus,
}: ModalProps) {
  const { t } = useTranslation('ui');
  return (
    <Dialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="modal-overlay"
          className="fixed inset-0 z-40 bg-slate-900/60"
        />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl focus:outline-none',
            size === 'wide' ? 'max-w-3xl' : 'max-w-lg',
            className,
          )}
        >
          <div className="flex items-start gap-4 border-b border-slate-200 px-4 py-3 md:px-6">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-xl font-semibold text-slate-900">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-slate-700">
                  {description}
                </Dialog.Description>
              )}
            </div>
            {!hideCloseButton && (
              <Dialog.Close
                aria-label={t('close')}
                className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-700"
              >
                <CloseIcon />
              </Dialog.Close>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 md:px-6">{children}</div>
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-4 py-3 sm:flex-row sm:justify-end md:px-6">
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Wrap a footer button in this to make it close the modal when pressed. */
export const ModalClose = Dialog.Close;
