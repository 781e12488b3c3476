import type { ReactNode, Ref } from 'react';
import { cn } from './cn.ts';

export interface PageProps {
  children: ReactNode;
  /** `narrow` (48 rem) for forms, `default` (72 rem) for lists. */
  width?: 'narrow' | 'default';
  className?: string;
}

/** The content column of a screen: centred, padded for phones first. */
export function Page({ children, width = 'default', className }: PageProps) {
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 py-6 md:px-8 md:py-8',
        width === 'narrow' ? 'max-w-3xl' : 'max-w-6xl',
        className,
      )}
    >
      {children}
    </div>
  );
}

export interface PageHeaderProps {
  /** The page's h1. */
  title: ReactNode;
  /** Optional lead text under the title. */
  description?: ReactNode;
  /** Optional actions (buttons, links), beside the title on wide screens and below on phones. */
  actions?: ReactNode;
  /**
   * Ref to the h1 (it has `tabIndex={-1}`), so that the app can move focus to it after a route
   * change.
   */
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
}

/** The page's heading block: h1, optional description and actions. */
export function PageHeader({
  title,
  description,
  actions,
  headingRef,
  className,
}: PageHeaderProps) {
  return (
    <header
      className={cn(
        'mb-6 flex flex-col gap-3 md:flex-row md:items-start md:justify-between',
        className,
      )}
    >
      <div className="min-w-0">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold text-slate-900 focus:outline-none md:text-3xl"
        >
          {title}
        </h1>
        {description && <p className="mt-2 max-w-prose text-slate-700">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </header>
  );
}
