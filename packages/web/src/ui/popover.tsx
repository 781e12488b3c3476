import type { ReactNode } from 'react';
import { Popover as RadixPopover } from 'radix-ui';
import { cn } from './cn.ts';

export interface PopoverProps {
  /** The element that opens the popover (rendered via `asChild`, e.g. a Button). */
  trigger: ReactNode;
  /** Accessible name of the popup panel, e.g. "Choose a practitioner". */
  label: string;
  children: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Lay the children out in a grid that becomes two columns from 520 px of popup width. */
  columns?: boolean;
  /** Content above the children and outside their grid (e.g. a search field and a heading). */
  header?: ReactNode;
  /** Side and alignment relative to the trigger. */
  side?: 'top' | 'bottom';
  align?: 'start' | 'center' | 'end';
  className?: string;
}

/**
 * A picker popup on Radix Popover: as wide as its trigger (at least 280 px), at most 400 px high
 * and scrolling within, closing on Escape or an outside click with focus back on the trigger.
 * With `columns` its content fills two columns once the popup is 520 px wide (container query).
 */
export function Popover({
  trigger,
  label,
  children,
  open,
  defaultOpen,
  onOpenChange,
  columns = false,
  header,
  side = 'bottom',
  align = 'start',
  className,
}: PopoverProps) {
  return (
    <RadixPopover.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          aria-label={label}
          side={side}
          align={align}
          sideOffset={4}
          collisionPadding={8}
          className={cn(
            '@container z-50 max-h-[min(400px,var(--radix-popover-content-available-height))] w-[max(280px,var(--radix-popover-trigger-width))] max-w-[calc(100vw-1rem)] overflow-y-auto rounded-md border border-slate-300 bg-white p-2 shadow-lg focus:outline-none',
            className,
          )}
        >
          {header}
          {columns ? (
            <div data-testid="popover-grid" className="grid grid-cols-1 gap-2 @[520px]:grid-cols-2">
              {children}
            </div>
          ) : (
            children
          )}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

/** Wrap an element inside the popover in this to make it close the popover when pressed. */
export const PopoverClose = RadixPopover.Close;
