import type { ReactNode } from 'react';

/**
 * What is (or was) booked, as terms and their values: the confirm step and the thank-you page. On
 * a phone each term is a small caption over its value, so that the price and the cancellation
 * terms below come into view with the confirm button (issue 54); side by side from `sm`.
 */
export function BookingSummary({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-0.5 rounded-lg border border-slate-300 px-4 py-3 sm:grid-cols-[max-content_1fr] sm:gap-y-2 sm:py-4">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-semibold text-slate-700 sm:text-base sm:text-slate-900">
            {term}
          </dt>
          <dd className="mb-1.5 text-slate-800 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
