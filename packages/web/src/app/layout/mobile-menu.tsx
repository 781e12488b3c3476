import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SideNavigation } from './side-navigation.tsx';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets the focus back when the menu closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * The side navigation as a sheet below 1081 px (a modal dialog: focus trapped, Escape and the
 * backdrop close it, page scroll locked). Its own chunk: only phones that open the menu need it.
 */
export default function MobileMenu({ open, onOpenChange, returnFocusTo }: MobileMenuProps) {
  const { t } = useTranslation('app');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 w-80 max-w-[85vw] overflow-y-auto bg-white shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-center justify-between border-b border-slate-200 p-3">
            <Dialog.Title className="text-lg font-semibold">{t('menu.title')}</Dialog.Title>
            <Dialog.Close className="inline-flex min-h-10 items-center rounded-md px-3 font-semibold text-brand-900 hover:bg-brand-50">
              {t('menu.close')}
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('menu.description')}</Dialog.Description>
          <SideNavigation languagesFirst onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
