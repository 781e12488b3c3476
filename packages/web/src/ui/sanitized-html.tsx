import DOMPurify from 'dompurify';
import { useMemo, type ComponentPropsWithRef } from 'react';
import { cn } from './cn.ts';

export interface SanitizedHtmlProps extends Omit<
  ComponentPropsWithRef<'div'>,
  'children' | 'dangerouslySetInnerHTML'
> {
  /** Untrusted HTML from the server (terms, articles, events). */
  html: string;
}

/**
 * Readable defaults for server HTML (Tailwind's reset strips them): paragraph spacing, list
 * markers, underlined links, bold sub-headings.
 */
const richText =
  'break-words text-slate-900 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&>:first-child]:mt-0';

/**
 * Server HTML shown after DOMPurify has removed anything executable: `<script>`, event handler
 * attributes (`onerror`…), `javascript:` URLs and embedded frames (`<iframe>`, `<object>`). Only
 * the HTML profile is allowed (no SVG or MathML).
 */
export function SanitizedHtml({ html, className, ...props }: SanitizedHtmlProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <div
      {...props}
      className={cn(richText, className)}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
