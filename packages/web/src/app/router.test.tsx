import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from './testing/render-app.tsx';

afterEach(stopApp);

describe('routing', () => {
  test('the about page opens without a language prefix', async () => {
    await renderApp('/about?lng=fi');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tietoa palvelusta' }),
    ).toBeInTheDocument();
  });

  test('the about page opens with the English prefix in English and sets <html lang>', async () => {
    await renderApp('/en/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About the service' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  test('the Swedish prefix shows the page in Swedish', async () => {
    await renderApp('/sv/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logga in' })).toBeInTheDocument();
  });

  test('an unknown path shows the not-found page', async () => {
    await renderApp('/fi/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sivua ei löytynyt' }),
    ).toBeInTheDocument();
  });

  test('an unknown address shows the not-found page', async () => {
    await renderApp('/en/no-such-screen');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
  });

  test('the app fallback offers to open the app and to copy the code', async () => {
    await renderApp('/en/app/qr/ABC123');
    expect(await screen.findByRole('link', { name: 'Open the app' })).toHaveAttribute(
      'href',
      'dentalportal://qr/ABC123',
    );
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  test('the maintenance page says when there is no break', async () => {
    await renderApp('/en/maintenance');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maintenance break' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/no maintenance break/i)).toBeInTheDocument();
  });
});

describe('language switcher', () => {
  test('switching to English keeps the rest of the path and swaps only the prefix', async () => {
    const user = userEvent.setup();
    await renderApp('/fi/about');
    await screen.findByRole('heading', { level: 1, name: 'Tietoa palvelusta' });
    const switcher = screen.getByRole('navigation', { name: 'Kieli' });
    expect(within(switcher).getByRole('link', { name: /Suomeksi/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await user.click(within(switcher).getByRole('link', { name: /In English/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About the service' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/en/about');
    expect(document.documentElement.lang).toBe('en');
  });

  test('from a path without a prefix the switcher adds one', async () => {
    const user = userEvent.setup();
    await renderApp('/login?lng=en');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Language' })).getByRole('link', {
        name: /Suomeksi/,
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kirjaudu sisään' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/fi/login');
  });

  test('the toggle offers only Finnish and English', async () => {
    await renderApp('/sv/about');
    const switcher = await screen.findByRole('navigation', { name: 'Språk' });
    expect(
      within(switcher)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['FI – Suomeksi', 'EN – In English']);
    // Swedish is not among them: a mark before the toggle says that it is in use.
    expect(within(switcher).getByText('På svenska')).toHaveAttribute('class', 'sr-only');
    expect(within(switcher).getByText('På svenska').closest('p')).toHaveAttribute('lang', 'sv');
  });

  test('in Finnish or English the toggle has no such mark: its own choice is marked', async () => {
    await renderApp('/fi/about');
    const switcher = await screen.findByRole('navigation', { name: 'Kieli' });
    expect(switcher.querySelector('p')).toBeNull();
  });
});

describe('the menu’s language section', () => {
  test('offers all three languages, each in its own language, with the one in use marked', async () => {
    await renderApp('/fi/about');
    await screen.findByRole('heading', { level: 1, name: 'Tietoa palvelusta' });
    const menu = screen.getByRole('navigation', { name: 'Päävalikko' });
    const languages = within(menu).getByRole('list', { name: 'Kieli' });
    const links = within(languages).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('lang')])).toEqual([
      ['Suomeksi', 'fi'],
      ['På svenska', 'sv'],
      ['In English', 'en'],
    ]);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual(['true', null, null]);
  });

  test('Swedish from the menu keeps the page and its query, and is marked there', async () => {
    const user = userEvent.setup();
    await renderApp('/fi/about?tab=1');
    await screen.findByRole('heading', { level: 1, name: 'Tietoa palvelusta' });
    const menu = screen.getByRole('navigation', { name: 'Päävalikko' });
    await user.click(within(menu).getByRole('link', { name: 'På svenska' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Om tjänsten' }),
    ).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/sv/about?tab=1');
    const languages = within(screen.getByRole('navigation', { name: 'Huvudmeny' })).getByRole(
      'list',
      {
        name: 'Språk',
      },
    );
    expect(within(languages).getByRole('link', { name: 'På svenska' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});
