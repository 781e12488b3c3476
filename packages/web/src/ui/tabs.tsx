import type { ReactNode } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { cn } from './cn.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

export interface TabItem {
  value: string;
  label: ReactNode;
  /**
   * Optional count badge after the label (e.g. number of reservations); `null` while it is being
   * counted: the badge's room is kept, unseen and unread, so that the tabs do not move when the
   * number comes.
   */
  count?: number | null;
  /**
   * The tab holds something that needs the user's action: its badge is marked (amber, a dot) and
   * this text is read with the tab's name (e.g. "needs your action").
   */
  attention?: string;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  /** Accessible name of the tab list, e.g. "Reservations". */
  label: string;
  tabs: TabItem[];
  /** Controlled selected tab, e.g. from the URL. */
  value?: string;
  /** Initially selected tab when uncontrolled; defaults to the first. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}

/**
 * Radix tabs: the list is one tab stop, Left/Right (and Home/End) move between tabs and show them,
 * Tab moves into the panel. On a phone the tabs share the width (a long label wraps between its
 * words, or at a soft hyphen, never inside a word) instead of running off the screen; the list
 * still scrolls sideways if they cannot fit.
 */
export function Tabs({ label, tabs, value, defaultValue, onValueChange, className }: TabsProps) {
  return (
    <RadixTabs.Root
      value={value}
      defaultValue={value === undefined ? (defaultValue ?? tabs[0]?.value) : undefined}
      onValueChange={onValueChange}
      className={className}
    >
      <RadixTabs.List
        aria-label={label}
        className="flex gap-1 overflow-x-auto overflow-y-hidden border-b border-slate-300"
      >
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            disabled={tab.disabled}
            className={cn(
              '-mb-px inline-flex min-h-12 flex-1 flex-wrap items-center justify-center gap-x-1.5 border-b-4 border-transparent px-1 text-center text-sm leading-tight font-semibold text-slate-700 sm:min-h-input sm:flex-none sm:px-4 sm:text-base',
              // A label wraps between its words or at a hyphen (a soft one in a long compound),
              // never inside a word: a tab is never narrower than its longest word (issue 54).
              'wrap-normal',
              'hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
              'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-700',
              'disabled:cursor-not-allowed disabled:opacity-60',
            )}
          >
            {tab.label}{' '}
            {tab.count === null && (
              <span
                aria-hidden="true"
                data-counting=""
                className="invisible inline-flex rounded-full px-2 text-sm"
              >
                0
              </span>
            )}
            {tab.count !== undefined && tab.count !== null && (
              <span
                className={cn(
                  'inline-flex items-center gap-1 rounded-full px-2 text-sm',
                  tab.attention ? 'bg-amber-200 text-amber-950' : 'bg-slate-200 text-slate-900',
                )}
              >
                {tab.attention && (
                  <span aria-hidden="true" className="size-2 rounded-full bg-amber-700" />
                )}
                {tab.count}
              </span>
            )}
            {tab.attention && <VisuallyHidden>{`, ${tab.attention}`}</VisuallyHidden>}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content
          key={tab.value}
          value={tab.value}
          className="pt-4 focus-visible:outline-3 focus-visible:outline-brand-700"
        >
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
