import { act, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test } from 'vitest';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { TransitionRouter } from './transition-location.tsx';

afterEach(() => window.history.replaceState(null, '', '/'));

/** Every location and query a render saw, as one string each. */
function Reader({ seen }: { seen: string[] }) {
  const [location] = useLocation();
  const search = useSearch();
  seen.push(`${location}${search ? `?${search}` : ''}`);
  return <p>at {location}</p>;
}

describe('a router whose address changes render as a transition', () => {
  test('a navigation shows the new path and its query together, never one without the other', async () => {
    window.history.replaceState(null, '', '/a');
    const seen: string[] = [];
    render(
      <TransitionRouter>
        <Reader seen={seen} />
      </TransitionRouter>,
    );
    expect(screen.getByText('at /a')).toBeTruthy();
    await act(async () => window.history.pushState(null, '', '/b?x=1'));
    expect(screen.getByText('at /b')).toBeTruthy();
    expect(new Set(seen)).toEqual(new Set(['/a', '/b?x=1']));
  });

  test('the same address again renders nothing: not at the start, not after a replace to itself', async () => {
    window.history.replaceState(null, '', '/a?x=1');
    const seen: string[] = [];
    const bars: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) bars.push(...record.addedNodes);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      await act(async () => {
        render(
          <TransitionRouter>
            <Reader seen={seen} />
          </TransitionRouter>,
        );
      });
      expect(seen).toEqual(['/a?x=1']);
      await act(async () => window.history.replaceState(null, '', '/a?x=1'));
      expect(seen).toEqual(['/a?x=1']);
      // No progress bar came and went meanwhile (its pending state rendered the router anew).
      expect(
        bars.filter((node) => node instanceof HTMLElement && node.hasAttribute('data-navigating')),
      ).toEqual([]);
    } finally {
      observer.disconnect();
    }
  });

  test('back and forward (popstate) are followed', async () => {
    window.history.replaceState(null, '', '/first');
    render(
      <TransitionRouter>
        <Reader seen={[]} />
      </TransitionRouter>,
    );
    await act(async () => window.history.pushState(null, '', '/second'));
    expect(screen.getByText('at /second')).toBeTruthy();
    await act(async () => {
      window.history.replaceState(null, '', '/first');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('at /first')).toBeTruthy();
  });

  test('while the next page loads the shown one stays, with the progress bar, and both go when it is in', async () => {
    window.history.replaceState(null, '', '/home');
    let arrive: (text: string) => void = () => {};
    const loading = new Promise<string>((resolve) => {
      arrive = resolve;
    });
    function Slow() {
      return <p>{use(loading)}</p>;
    }
    const { container } = render(
      <TransitionRouter>
        <Suspense fallback={<p>skeleton</p>}>
          <Switch>
            <Route path="/home">
              <p>home page</p>
            </Route>
            <Route path="/slow">
              <Slow />
            </Route>
          </Switch>
        </Suspense>
      </TransitionRouter>,
    );
    expect(container.querySelector('[data-navigating]')).toBeNull();
    await act(async () => window.history.pushState(null, '', '/slow'));
    expect(screen.getByText('home page')).toBeTruthy();
    expect(screen.queryByText('skeleton')).toBeNull();
    expect(container.querySelector('[data-navigating]')).not.toBeNull();
    await act(async () => arrive('slow page'));
    expect(screen.getByText('slow page')).toBeTruthy();
    expect(screen.queryByText('home page')).toBeNull();
    expect(container.querySelector('[data-navigating]')).toBeNull();
  });

  test('a prerendered page renders the path it is given, without a browser address', () => {
    const html = renderToString(
      <TransitionRouter ssrPath="/sv/reservation">
        <Reader seen={[]} />
      </TransitionRouter>,
    );
    expect(html).toContain('/sv/reservation');
    expect(html).not.toContain('data-navigating');
  });
});
