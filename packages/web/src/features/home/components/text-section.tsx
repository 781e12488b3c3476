import type { ReactNode } from 'react';

/** A titled section of a text page (about, the accessibility statement), named by its heading. */
export function TextSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A link inside a text page's section, on a line of its own. */
export const TEXT_LINK = 'font-semibold text-brand-800 underline underline-offset-2';
