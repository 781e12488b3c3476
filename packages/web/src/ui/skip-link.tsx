import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface SkipLinkProps {
  /** Id of the main landmark to jump to (without `#`). */
  targetId?: string;
  /** Link text; defaults to the translated "Skip to main content". */
  children?: string;
}

/**
 * The first focusable element of the page: hidden until focused, then moves focus to the main
 * content (adding `tabindex="-1"` to the target when it is not focusable itself).
 */
export function SkipLink({ targetId = 'main-content', children }: SkipLinkProps) {
  const { t } = useTranslation('ui');
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
    target.scrollIntoView?.();
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={handleClick}
      className="sr-only z-50 rounded-md bg-brand-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {children ?? t('skipToContent')}
    </a>
  );
}
