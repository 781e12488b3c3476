import { createContext, useContext, useEffect } from 'react';

/** What a prerendered page writes into its `<head>`: filled while the page renders on the build machine. */
export interface PageHead {
  title?: string;
}

/**
 * Present only while prerendering (src/prerender): it records what the page asks for its head.
 * The browser has none and sets `document.title` instead.
 */
export const PageHeadContext = createContext<((head: PageHead) => void) | null>(null);

/** Sets the document title while the page is shown (and the prerendered page's `<title>`). */
export function usePageTitle(title: string): void {
  const recordHead = useContext(PageHeadContext);
  // Only a prerender has a recorder; recording during render is what lets it read the title
  // without effects (which never run on the server).
  recordHead?.({ title });
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
