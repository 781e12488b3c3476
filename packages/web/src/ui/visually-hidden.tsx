import type { ComponentPropsWithRef } from 'react';

/** Props of {@link VisuallyHidden}: any `span` props. */
export type VisuallyHiddenProps = ComponentPropsWithRef<'span'>;

/** Text that screen readers read but that is not shown (Tailwind's `sr-only`). */
export function VisuallyHidden({ className, ...props }: VisuallyHiddenProps) {
  return <span className={className ? `sr-only ${className}` : 'sr-only'} {...props} />;
}
