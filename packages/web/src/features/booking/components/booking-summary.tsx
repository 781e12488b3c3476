import type { ReactNode } from 'react';

/** What is (or was) booked, as terms and their values: the confirm step and the thank-you page. */
export function BookingSummary({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-300 p-4 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-900">{term}</dt>
          <dd className="mb-2 text-slate-800 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
