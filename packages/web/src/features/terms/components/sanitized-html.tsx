import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Server HTML (terms, statements) shown after DOMPurify has removed anything executable. */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
