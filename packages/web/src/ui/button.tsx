import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { Slot } from 'radix-ui';
import { cn } from './cn.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** Look: primary (brand green), secondary (outlined), ghost (text only), danger (red). */
  variant?: ButtonVariant;
  /** Height: sm 32 px, md 40 px (the input height), lg 48 px. */
  size?: ButtonSize;
  /**
   * Shows a spinner, sets `aria-busy` and `aria-disabled` and ignores clicks. The button stays
   * focusable and keeps its name, so focus is not lost while the work runs.
   */
  loading?: boolean;
  /** Stretch to the full width of the parent. */
  fullWidth?: boolean;
  /**
   * Render the single child (e.g. a wouter `Link`) with the button's look (Radix Slot). `loading`
   * then only sets `aria-busy` and blocks clicks: the child keeps its own content.
   */
  asChild?: boolean;
}

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors motion-reduce:transition-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait no-underline';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900',
  secondary:
    'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50 active:bg-brand-100',
  ghost: 'bg-transparent text-brand-800 hover:bg-brand-50 active:bg-brand-100',
  danger: 'bg-red-700 text-white hover:bg-red-800 active:bg-red-900 focus-visible:outline-red-700',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-8 px-3 text-sm',
  md: 'min-h-input px-3 text-base sm:px-4',
  lg: 'min-h-12 px-4 text-lg sm:px-6',
};

/** The portal's button. Defaults to `type="button"` so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  asChild = false,
  className,
  type = 'button',
  onClick,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(base, variants[variant], sizes[size], fullWidth && 'w-full', className);
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  const busy = loading ? { 'aria-busy': true, 'aria-disabled': true } : {};

  if (asChild) {
    return (
      <Slot.Root className={classes} onClick={handleClick} {...busy} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button type={type} className={classes} onClick={handleClick} {...busy} {...props}>
      {loading && <Spinner decorative size="sm" />}
      {children}
    </button>
  );
}
