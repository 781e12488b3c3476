import type { ReactNode } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { cn } from './cn.ts';

export interface TabItem {
  value: string;
  label: ReactNode;
  /** Optional count badge after the label (e.g. number of reservations). */
  count?: number;
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
 * Tab moves into the panel. The list scrolls sideways on narrow phones.
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
        className="flex gap-1 overflow-x-auto border-b border-slate-300"
      >
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            disabled={tab.disabled}
            className={cn(
              '-mb-px inline-flex min-h-input shrink-0 items-center gap-2 border-b-4 border-transparent px-4 font-semibold text-slate-700',
              'hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
              'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-700',
              'disabled:cursor-not-allowed disabled:opacity-60',
            )}
          >
            {tab.label}{' '}
            {tab.count !== undefined && (
              <span className="rounded-full bg-slate-200 px-2 text-sm text-slate-900">
                {tab.count}
              </span>
            )}
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
