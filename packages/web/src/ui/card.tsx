import { useId, type ReactNode } from 'react';
import { cn } from './cn.ts';

export interface CardProps {
  /** Optional heading; when set the card is an `article` named by it. */
  title?: ReactNode;
  /** Heading level of the title (2 by default). */
  headingLevel?: 2 | 3 | 4;
  /**
   * Ids of elements inside whose text completes the article's name after the title: cards with
   * equal titles in one list (two check-ups) are then told apart by name ("Dental check-up
   * 7.12.2026 at 12:00"), as screen readers' article lists and IBM's checker need.
   */
  labelledBy?: string;
  /** Optional actions in the card's header row. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * A white panel with a border; with a title it is an `article` named by its heading. Not a
 * `section`: a named section is a landmark, and a list of cards with equal titles (two check-ups)
 * would repeat landmarks.
 */
export function Card({
  title,
  headingLevel = 2,
  labelledBy,
  actions,
  children,
  className,
}: CardProps) {
  const headingId = useId();
  const frame = cn('rounded-lg border border-slate-300 bg-white p-4 md:p-6', className);
  if (!title) return <div className={frame}>{children}</div>;
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className={frame}
      aria-labelledby={labelledBy ? `${headingId} ${labelledBy}` : headingId}
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <Heading id={headingId} className="text-xl font-semibold text-slate-900">
          {title}
        </Heading>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </article>
  );
}
