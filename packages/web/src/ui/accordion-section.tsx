import type { ReactNode } from 'react';
import { Accordion } from 'radix-ui';
import { cn } from './cn.ts';
import { formatCalendarDay } from './calendar-day.ts';
import { ChevronDownIcon } from './icons.tsx';

export interface AccordionSectionProps {
  /** The header text (inside the toggle button). */
  title: ReactNode;
  /** Optional second line under the title. */
  subtitle?: ReactNode;
  /** Optional calendar day (`yyyy-MM-dd`) shown in the header as `d.M.yyyy`. */
  date?: string;
  /**
   * Optional action links or buttons (e.g. Edit, Delete). They sit beside the toggle, never inside
   * it, so each stays its own tab stop.
   */
  actions?: ReactNode;
  /** The collapsible body. */
  children: ReactNode;
  /** Controlled open state. */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Heading level wrapping the toggle (3 by default). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

const ITEM = 'section';

/**
 * A collapsible section on Radix Accordion: the header is a heading holding a button with
 * `aria-expanded` and `aria-controls`; Enter and Space open and close it.
 */
export function AccordionSection({
  title,
  subtitle,
  date,
  actions,
  children,
  open,
  defaultOpen = false,
  onOpenChange,
  headingLevel = 3,
  className,
}: AccordionSectionProps) {
  // d.M.yyyy is numeric: the same in every language.
  const formatted = date ? formatCalendarDay(date) : '';
  const Heading = `h${headingLevel}` as const;
  return (
    <Accordion.Root
      type="single"
      collapsible
      value={open === undefined ? undefined : open ? ITEM : ''}
      defaultValue={open === undefined && defaultOpen ? ITEM : undefined}
      onValueChange={(value) => onOpenChange?.(value === ITEM)}
      className={cn('rounded-lg border border-slate-300 bg-white', className)}
    >
      <Accordion.Item value={ITEM}>
        <div className="flex flex-col gap-2 p-2 sm:flex-row sm:items-center">
          <Accordion.Header asChild>
            <Heading className="min-w-0 flex-1">
              <Accordion.Trigger
                className={cn(
                  'group flex min-h-input w-full items-center gap-3 rounded-md px-2 py-2 text-left',
                  'hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-700',
                )}
              >
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="text-lg font-semibold text-slate-900">{title}</span>
                  {subtitle && <span className="text-slate-700">{subtitle}</span>}
                </span>
                {formatted && (
                  <time dateTime={date} className="shrink-0 text-sm text-slate-700">
                    {formatted}
                  </time>
                )}
                <ChevronDownIcon className="size-5 shrink-0 text-slate-700 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
              </Accordion.Trigger>
            </Heading>
          </Accordion.Header>
          {actions && <div className="flex flex-wrap gap-2 px-2 sm:px-0">{actions}</div>}
        </div>
        <Accordion.Content className="border-t border-slate-200 px-4 py-4">
          {children}
        </Accordion.Content>
      </Accordion.Item>
    </Accordion.Root>
  );
}
