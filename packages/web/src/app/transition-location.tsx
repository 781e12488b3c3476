import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import { Router, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { navigate } from 'wouter/use-browser-location';

/** The browser's path and query as the app last rendered them. */
interface ShownLocation {
  path: string;
  search: string;
}

const ShownLocationContext = createContext<ShownLocation | null>(null);

/** What history's changes are announced by: wouter patches pushState and replaceState to fire them. */
const LOCATION_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const;

function readLocation(): ShownLocation {
  return { path: window.location.pathname, search: window.location.search };
}

function useShownLocation(): ShownLocation {
  const shown = useContext(ShownLocationContext);
  if (shown === null) throw new Error('useShownLocation outside TransitionRouter');
  return shown;
}

/** wouter's location hook over the shown location; navigating writes the browser's history. */
const useTransitionLocation: BaseLocationHook = () => [useShownLocation().path, navigate];
const useTransitionSearch: BaseSearchHook = () => useShownLocation().search;

/**
 * A wouter router whose location changes render as a transition, as React's docs ask of a
 * router: the page of a new address renders in pieces, yielding to the browser every few
 * milliseconds, instead of in one task. wouter's own hook reads the address with
 * useSyncExternalStore, which React always renders at once and in full: every step of the booking
 * wizard (its URL follows the step) and the booking start (`/reservation` becomes
 * `/reservation/customer-type`) re-rendered the whole layout in one long task, a third of a second
 * on a slow phone, in which a tap waits. Meanwhile the page shown stays the old one; history and
 * `window.location` change at once, as before, and a bar at the top of the screen shows that the
 * new page is on its way (the tap's answer in the next frame).
 *
 * `ssrPath`: the page's path when it is prerendered (no browser).
 */
export function TransitionRouter({ ssrPath, children }: { ssrPath?: string; children: ReactNode }) {
  const [shown, setShown] = useState<ShownLocation>(() =>
    ssrPath === undefined ? readLocation() : { path: ssrPath, search: '' },
  );
  const [navigating, startNavigation] = useTransition();
  // The address last followed: the same address again starts no transition (its pending state
  // alone would render the router anew, in one piece).
  const followed = useRef(shown);
  useEffect(() => {
    const follow = () => {
      const next = readLocation();
      const current = followed.current;
      if (current.path === next.path && current.search === next.search) return;
      followed.current = next;
      startNavigation(() => setShown(next));
    };
    for (const event of LOCATION_EVENTS) window.addEventListener(event, follow);
    // A change between the first render and this effect (a redirect while hydrating).
    follow();
    return () => {
      for (const event of LOCATION_EVENTS) window.removeEventListener(event, follow);
    };
  }, []);
  return (
    <ShownLocationContext value={shown}>
      {navigating && <div className="navigation-progress" data-navigating="" aria-hidden="true" />}
      <Router hook={useTransitionLocation} searchHook={useTransitionSearch} ssrPath={ssrPath}>
        {children}
      </Router>
    </ShownLocationContext>
  );
}
