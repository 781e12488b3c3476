import { Button } from './button.tsx';
import { cn } from './cn.ts';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  /** How many pages there are; nothing is shown for one page or none. */
  pageCount: number;
  onPageChange: (page: number) => void;
  /** The navigation's accessible name, e.g. "Pages of the news". */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** The position in words, e.g. "Page 2 of 5". */
  status: string;
  className?: string;
}

/** Previous and next buttons around "Page x of y", in a named `nav`. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label,
  previousLabel,
  nextLabel,
  status,
  className,
}: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={label}
      className={cn('mt-6 flex items-center justify-between gap-2', className)}
    >
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {previousLabel}
      </Button>
      <p className="text-slate-700" aria-live="polite">
        {status}
      </p>
      <Button
        variant="secondary"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        {nextLabel}
      </Button>
    </nav>
  );
}
