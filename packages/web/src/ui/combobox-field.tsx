import { Command } from 'cmdk';
import { Dialog as RadixDialog, Popover as RadixPopover } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import {
  FieldError,
  FieldLabel,
  inputClasses,
  useFieldIds,
  type FieldBaseProps,
} from './field.tsx';
import { CheckIcon, ChevronDownIcon, CloseIcon } from './icons.tsx';
import { useMediaQuery } from './use-media-query.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

/** A row of the list: its value, its label and, beneath, a detail; a distance or the like aside. */
export interface ComboboxOption {
  value: string;
  label: string;
  detail?: string;
  aside?: string;
  disabled?: boolean;
  /** Indented under the row before it (a clinic under its city). */
  inset?: boolean;
}

/** A labelled part of the list. */
export interface ComboboxGroup {
  key: string;
  /** The part's heading; a part without one (a single action) has none. */
  heading?: string;
  options: ComboboxOption[];
}

export interface ComboboxFieldProps extends FieldBaseProps {
  /** The rows to show, already filtered by `query` (the caller knows what a search finds). */
  groups: ComboboxGroup[];
  /** The chosen row's value; '' while nothing is chosen. */
  value: string;
  /** What the closed field shows for the chosen row. */
  valueText: ReactNode;
  /** What the closed field shows while nothing is chosen. */
  placeholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** The search field's name, e.g. "Search by clinic or city". */
  searchLabel: string;
  /** The search field's example, e.g. "e.g. Kamppi or Tampere". */
  searchPlaceholder: string;
  /** The list's name. */
  listLabel: string;
  /** Said when the query finds nothing. */
  emptyText: string;
  onSelect: (value: string) => void;
  disabled?: boolean;
  /** Working on a choice (e.g. finding the device's position). */
  busy?: boolean;
}

/** A phone or tablet: opening the list does not raise the on-screen keyboard over it. */
const isTouchScreen = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;

/** A phone's width: the list opens as a sheet over the whole screen. */
export const SHEET_QUERY = '(max-width: 639px)';

/**
 * A field that opens a searchable list (issue 54): a labelled button showing the choice (role
 * combobox, WAI-ARIA's select-only pattern with a dialog popup) and a search field over a grouped
 * listbox (cmdk: arrow keys, Home/End, Enter, the active row read out). On a wide screen the list
 * is a Radix popover beneath the field; on a phone a Radix dialog sheet over the whole screen, so
 * that a dozen rows show without scrolling. A choice closes it and returns the focus to the field.
 * With a mouse or keyboard the search is focused at once; on a touch screen the list opens without
 * raising the keyboard over it, so that the nearest rows can be tapped straight away.
 */
export function ComboboxField({
  label,
  required,
  hint,
  error,
  id,
  className,
  groups,
  value,
  valueText,
  placeholder,
  query,
  onQueryChange,
  searchLabel,
  searchPlaceholder,
  listLabel,
  emptyText,
  onSelect,
  disabled = false,
  busy = false,
}: ComboboxFieldProps) {
  const { t } = useTranslation('ui');
  const { controlId, hintId, errorId, control } = useFieldIds({ id, hint, error, required });
  const labelId = `${controlId}-label`;
  const sheetTitleId = `${controlId}-sheet-title`;
  const sheet = useMediaQuery(SHEET_QUERY);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(value);
  const listId = useId();
  /** The list's own value of a row (a row may be listed twice, e.g. as the own clinic). */
  const rowValue = (group: ComboboxGroup, option: ComboboxOption) => `${group.key}:${option.value}`;
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) {
      // The chosen row is the active one as the list opens.
      const holder = groups.find((group) => group.options.some((option) => option.value === value));
      setActive(holder === undefined ? '' : `${holder.key}:${value}`);
    } else if (query !== '') onQueryChange('');
  };
  const choose = (chosen: string) => {
    onSelect(chosen);
    changeOpen(false);
  };
  const keepKeyboardDown = (event: Event) => {
    if (isTouchScreen()) event.preventDefault();
  };

  const trigger = (
    <button
      type="button"
      role="combobox"
      {...control}
      aria-labelledby={labelId}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-busy={busy || undefined}
      disabled={disabled}
      className={cn(
        inputClasses,
        'flex items-center justify-between gap-2 py-2 text-left',
        value === '' && 'text-slate-700',
      )}
    >
      <span className="min-w-0">{value === '' ? placeholder : valueText}</span>
      <ChevronDownIcon className="size-5 shrink-0 text-slate-700" />
    </button>
  );

  const list = (
    <Command
      shouldFilter={false}
      label={searchLabel}
      value={active}
      onValueChange={setActive}
      loop
      className="flex min-h-0 flex-1 flex-col"
    >
      <div className="border-b border-slate-200 p-2">
        <Command.Input
          value={query}
          onValueChange={onQueryChange}
          placeholder={searchPlaceholder}
          className={cn(inputClasses, 'min-h-input')}
        />
      </div>
      <Command.List
        id={listId}
        label={listLabel}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-1"
      >
        <Command.Empty className="px-3 py-4 text-slate-700">{emptyText}</Command.Empty>
        {groups.map((group) => (
          <Command.Group
            key={group.key}
            heading={group.heading}
            className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-sm [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-700"
          >
            {group.options.map((option) => (
              <Command.Item
                key={`${group.key}-${option.value}`}
                value={rowValue(group, option)}
                disabled={option.disabled}
                onSelect={() => choose(option.value)}
                className={cn(
                  'flex min-h-input cursor-pointer items-center gap-3 rounded-md px-3 py-1.5 text-slate-900',
                  'data-[selected=true]:bg-brand-50 data-[selected=true]:outline-2 data-[selected=true]:outline-brand-700',
                  'data-[disabled=true]:cursor-not-allowed data-[disabled=true]:text-slate-600',
                  option.inset && 'pl-6',
                )}
              >
                <span className="min-w-0 flex-1">
                  <span className={cn('block', option.value === value && 'font-semibold')}>
                    {option.label}
                  </span>
                  {/* Spaces between the parts: the row's name reads as words. */}
                  {option.detail !== undefined && ' '}
                  {option.detail !== undefined && (
                    <span className="block text-sm text-slate-700">{option.detail}</span>
                  )}
                </span>
                {option.aside !== undefined && ' '}
                {option.aside !== undefined && (
                  <span className="shrink-0 text-sm text-slate-700 tabular-nums">
                    {option.aside}
                  </span>
                )}
                {option.value === value && (
                  <>
                    <CheckIcon className="size-5 shrink-0 text-brand-700" />{' '}
                    <VisuallyHidden>({t('select.chosen')})</VisuallyHidden>
                  </>
                )}
              </Command.Item>
            ))}
          </Command.Group>
        ))}
      </Command.List>
    </Command>
  );

  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <FieldLabel label={label} required={required} hint={hint} hintId={hintId} labelId={labelId} />
      {sheet ? (
        <RadixDialog.Root open={open} onOpenChange={changeOpen}>
          <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
          <RadixDialog.Portal>
            <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
            <RadixDialog.Content
              aria-labelledby={sheetTitleId}
              aria-describedby={undefined}
              onOpenAutoFocus={keepKeyboardDown}
              className="fixed inset-x-0 top-2 bottom-0 z-50 flex flex-col rounded-t-xl bg-white shadow-xl focus:outline-none"
            >
              <div className="flex items-center gap-2 border-b border-slate-200 py-1 ps-4 pe-1">
                <RadixDialog.Title
                  id={sheetTitleId}
                  className="min-w-0 flex-1 text-lg font-semibold text-slate-900"
                >
                  {label}
                </RadixDialog.Title>
                <RadixDialog.Close
                  aria-label={t('close')}
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-700"
                >
                  <CloseIcon />
                </RadixDialog.Close>
              </div>
              {list}
            </RadixDialog.Content>
          </RadixDialog.Portal>
        </RadixDialog.Root>
      ) : (
        <RadixPopover.Root open={open} onOpenChange={changeOpen}>
          <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
          <RadixPopover.Portal>
            <RadixPopover.Content
              aria-labelledby={labelId}
              side="bottom"
              align="start"
              sideOffset={4}
              collisionPadding={8}
              // Beneath the field, always: as high as the screen leaves room for.
              avoidCollisions={false}
              onOpenAutoFocus={keepKeyboardDown}
              className="z-50 flex max-h-[min(30rem,var(--radix-popover-content-available-height))] w-[max(280px,var(--radix-popover-trigger-width))] max-w-[calc(100vw-1rem)] flex-col rounded-md border border-slate-300 bg-white shadow-lg focus:outline-none"
            >
              {list}
            </RadixPopover.Content>
          </RadixPopover.Portal>
        </RadixPopover.Root>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
