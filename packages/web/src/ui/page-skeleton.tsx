import { cn } from './cn.ts';

export interface PageSkeletonProps {
  /** What is loading, announced once ("Loading your details…"). */
  label: string;
  className?: string;
}

const bar = 'rounded-md bg-slate-200 motion-safe:animate-pulse';

/**
 * A page's final layout while its content loads: quiet bars where the heading, the intro and the
 * first content blocks will be, so nothing jumps when they arrive (no spinner-only page). It is
 * one `status` with its label; the bars are hidden from assistive technology.
 */
export function PageSkeleton({ label, className }: PageSkeletonProps) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={cn('max-w-5xl', className)}>
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="flex flex-col gap-4">
        <div className={cn(bar, 'h-9 w-2/3 max-w-md')} />
        <div className={cn(bar, 'h-5 w-full max-w-xl bg-slate-100')} />
        <div className="mt-2 grid gap-4 md:grid-cols-2">
          <div className={cn(bar, 'h-32 bg-slate-100')} />
          <div className={cn(bar, 'h-32 bg-slate-100')} />
        </div>
      </div>
    </div>
  );
}

/** The side navigation's place while the signed-in menu is not known yet: bars, hidden from AT. */
export function NavigationSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 p-4">
      {[40, 70, 55, 65, 45, 60].map((width, index) => (
        <div key={index} className={cn(bar, 'h-5 bg-slate-100')} style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}
