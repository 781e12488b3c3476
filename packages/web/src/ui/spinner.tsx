import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';

export interface SpinnerProps {
  /** Accessible label; defaults to the translated "Loading…". Ignored when `decorative`. */
  label?: string;
  /** Hide from assistive technology (e.g. inside a button that already says aria-busy). */
  decorative?: boolean;
  /** Diameter: sm 16 px, md 24 px, lg 40 px. */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-4' } as const;

/**
 * A rotating ring. On its own it is a `status` with a label; with `decorative` it is hidden from
 * assistive technology. With prefers-reduced-motion it does not rotate (a static ring stays).
 */
export function Spinner({ label, decorative = false, size = 'md', className }: SpinnerProps) {
  const { t } = useTranslation('ui');
  const ring = (
    <span
      className={cn(
        'inline-block shrink-0 rounded-full border-current border-r-transparent motion-safe:animate-spin',
        sizes[size],
        className,
      )}
      aria-hidden="true"
    />
  );
  if (decorative) return ring;
  return (
    <span role="status" aria-label={label ?? t('loading')} className="inline-flex">
      {ring}
    </span>
  );
}
