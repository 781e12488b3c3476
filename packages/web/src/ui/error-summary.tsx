import { useEffect, useEffectEvent, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { DangerIcon } from './icons.tsx';

/** One problem of a refused form: the control it belongs to and its message. */
export interface ErrorSummaryItem {
  /**
   * The id of the field's control (the `id` given to a kit field). A radio group's id leads to its
   * chosen radio, or its first one.
   */
  target: string;
  /** The field's label: the link reads "label: message", so that it makes sense on its own. */
  label?: ReactNode;
  /** The same (translated) message as beneath the field. */
  message: ReactNode;
}

export interface ErrorSummaryProps {
  /** The problems, in the order of the form. */
  items: readonly ErrorSummaryItem[];
  /** Heading; the kit's "There is a problem" when left out. */
  title?: ReactNode;
  /** A line under the heading (e.g. "Fill in all the required fields"). */
  description?: ReactNode;
  /** A problem of no field (a failed save, a refused request), under the list. */
  children?: ReactNode;
  /**
   * Focus moves to the summary whenever this changes while it has something to say: pass the
   * number of submits, so that every refused submit brings the patient back to it.
   */
  focusKey?: number;
  className?: string;
}

/** "Name: message", but "Do you smoke? message": a question or sentence keeps its own stop. */
function separatorAfter(label: ReactNode): string {
  return typeof label === 'string' && /[?.!]$/.test(label.trim()) ? ' ' : ': ';
}

const FOCUSABLE = 'input, select, textarea, button, [tabindex="0"]';

/**
 * The control a summary link leads to: a radio group's chosen (or first) radio; the first control
 * of a group of checkboxes or any other element that takes no focus itself; else the element.
 */
function controlOf(element: HTMLElement): HTMLElement {
  if (element.getAttribute('role') === 'radiogroup') {
    const chosen = element.querySelector<HTMLElement>(
      'input[type="radio"]:checked, [role="radio"][aria-checked="true"]',
    );
    if (chosen) return chosen;
  }
  if (element.matches(FOCUSABLE) || element.tabIndex >= 0) return element;
  return element.querySelector<HTMLElement>(FOCUSABLE) ?? element;
}

/** What to scroll into view above the control: its group's label, its own label or legend. */
function labelOf(element: HTMLElement): HTMLElement {
  const labelledBy = element.getAttribute('aria-labelledby');
  const byId = labelledBy ? document.getElementById(labelledBy.split(' ')[0] ?? '') : null;
  if (byId) return byId;
  const label = element.id
    ? document.querySelector<HTMLElement>(`label[for="${CSS.escape(element.id)}"]`)
    : null;
  return label ?? element.closest('fieldset')?.querySelector('legend') ?? element;
}

/**
 * Moves to a field as a summary link does (GOV.UK's pattern): the field's label or legend is
 * scrolled into view first, then the control is focused without scrolling again, so that the
 * question stays readable above it on a phone. False when no element has the id.
 */
export function focusField(id: string): boolean {
  const element = document.getElementById(id);
  if (element === null) return false;
  labelOf(element).scrollIntoView?.({ block: 'start' });
  controlOf(element).focus({ preventScroll: true });
  return true;
}

/**
 * The error summary at the top of a refused form (GOV.UK Frontend's pattern): a heading, one link
 * per problem to its field (a real `#id` link, so it works without JavaScript), and focus moved
 * to it on every refused submit (`focusKey`). The messages are those beneath the fields. While it
 * shows, the page title starts with "Error:" so that the refusal is heard on a title read too.
 */
export function ErrorSummary({
  items,
  title,
  description,
  children,
  focusKey,
  className,
}: ErrorSummaryProps) {
  const { t } = useTranslation('ui');
  const box = useRef<HTMLDivElement>(null);
  const titleId = `error-summary-${useId()}`;
  const shown = items.length > 0 || Boolean(children);

  // Focus follows a new submit (a new focusKey), not each message change while the patient
  // corrects: whether the summary shows is read when the key changes, not watched.
  const focusOnRefusal = useEffectEvent((key: number | undefined) => {
    if (shown && key !== undefined && key > 0) box.current?.focus();
  });
  useEffect(() => {
    focusOnRefusal(focusKey);
  }, [focusKey]);

  const prefix = `${t('error')}: `;
  useEffect(() => {
    if (!shown) return;
    if (!document.title.startsWith(prefix)) document.title = prefix + document.title;
    return () => {
      if (document.title.startsWith(prefix)) document.title = document.title.slice(prefix.length);
    };
  }, [shown, prefix]);

  if (!shown) return null;
  const onLink = (event: MouseEvent<HTMLAnchorElement>, target: string) => {
    if (focusField(target)) event.preventDefault();
  };
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="group"
      aria-labelledby={titleId}
      data-error-summary=""
      className={cn(
        'rounded-md border-4 border-red-700 bg-white p-4 text-slate-900 focus:outline-3 focus:outline-offset-2 focus:outline-brand-700',
        className,
      )}
    >
      <div role="alert">
        <h2 id={titleId} className="flex items-start gap-2 text-lg font-semibold text-slate-900">
          <DangerIcon className="mt-1 size-5 shrink-0 text-red-700" />
          <span>{title ?? t('errorSummary.title')}</span>
        </h2>
        {description && <p className="mt-1">{description}</p>}
        {items.length > 0 && (
          <ul className="mt-2 flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.target}>
                <a
                  href={`#${item.target}`}
                  onClick={(event) => onLink(event, item.target)}
                  className="font-medium text-red-800 underline underline-offset-2 hover:text-red-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  {item.label ? (
                    <>
                      {item.label}
                      {separatorAfter(item.label)}
                      {item.message}
                    </>
                  ) : (
                    item.message
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
        {children && <div className="mt-2">{children}</div>}
      </div>
    </div>
  );
}
