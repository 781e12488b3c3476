import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { InboxIcon } from './icons.tsx';

export interface EmptyStateProps {
  /** A decorative icon; an inbox by default. */
  icon?: ReactNode;
  /** The short statement, e.g. "You have no reservations". */
  title: ReactNode;
  /** Optional explanation or next step. */
  text?: ReactNode;
  /** Optional action, e.g. a "Book an appointment" Button. */
  action?: ReactNode;
  /** Heading level of the title (3 by default: empty states sit inside a page section). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** What a list shows when it has nothing: icon, title, text and an optional action. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  headingLevel = 3,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-400 px-4 py-8 text-center',
        className,
      )}
    >
      <span aria-hidden="true" className="text-slate-600 [&_svg]:size-10">
        {icon ?? <InboxIcon />}
      </span>
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {text && <p className="max-w-prose text-slate-700">{text}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
