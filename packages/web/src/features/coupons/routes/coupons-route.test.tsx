import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

/** The first screen waits for the lazy route and the session: longer than findBy's 1 s. */
const FIRST_SCREEN = { timeout: 15_000 };
/** The mock server's clock: the seed's coupons are relative to this day. */
const NOW = new Date('2026-11-24T10:00:00+02:00');

async function confirmRedeem(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Use the benefit' }, FIRST_SCREEN));
  const dialog = await screen.findByRole('alertdialog', { name: `Use “${name}” now?` });
  expect(dialog).toHaveTextContent('cannot be undone');
  await user.click(within(dialog).getByRole('button', { name: 'Use now' }));
  return user;
}

describe('benefits', () => {
  test('the patient sees the benefits with price and validity, and which are used', async () => {
    await renderApp('/en/coupons', { user: 'patient', mock: { now: NOW } });
    const list = await screen.findByRole('list', { name: 'Benefits' }, FIRST_SCREEN);
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(3);
    const free = items.find((item) =>
      within(item).queryByRole('link', { name: 'Free check-up for new patients' }),
    );
    expect(free).toBeDefined();
    expect(free).toHaveTextContent('Valid until further notice');
    expect(
      within(list).getAllByText(/^Valid \d{1,2}\.\d{1,2}\.\d{4}–\d{1,2}\.\d{1,2}\.\d{4}$/).length,
    ).toBeGreaterThan(0);
    const used = within(list).getByText(/^Used on \d{1,2}\.\d{1,2}\.\d{4} at \d{2}:\d{2}$/);
    expect(used).toBeInTheDocument();
    // Issue 54: a used benefit comes after those still to use; a benefit without an image has no
    // empty picture area.
    expect(items.at(-1)).toContainElement(used);
    for (const item of items) {
      if (item.querySelector('img') === null)
        expect(item.firstElementChild?.textContent).not.toBe('');
    }
  });

  test('a benefit without a Swedish translation shows its Finnish text marked as Finnish', async () => {
    const user = userEvent.setup();
    await renderApp('/sv/coupons', { user: 'patient', mock: { now: NOW } });
    const list = await screen.findByRole('list', { name: 'Förmåner' }, FIRST_SCREEN);
    const finnish = within(list).getByText('Maksuton oikomishoidon konsultaatio');
    expect(finnish).toHaveAttribute('lang', 'fi');
    const link = finnish.closest('a');
    expect(link).toHaveTextContent('Maksuton oikomishoidon konsultaatio (på finska)');
    // A translated one needs no such word.
    const swedish = within(list).getByRole('link', { name: 'Tandblekning −20 %' });
    expect(swedish.querySelector('[lang]')).toBeNull();
    if (link === null) throw new Error('no link');
    await user.click(link);
    const heading = await screen.findByRole('heading', { level: 1 }, FIRST_SCREEN);
    expect(within(heading).getByText('Maksuton oikomishoidon konsultaatio')).toHaveAttribute(
      'lang',
      'fi',
    );
    expect(heading).toHaveTextContent('(på finska)');
  });

  test('the patient opens a benefit, confirms and uses it once', async () => {
    await renderApp('/en/coupons', { user: 'patient', mock: { now: NOW } });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('link', { name: 'Free check-up for new patients' }, FIRST_SCREEN),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Free check-up for new patients' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to use' })).toBeInTheDocument();
    expect(screen.getByText('All clinics')).toBeInTheDocument();

    await confirmRedeem('Free check-up for new patients');
    expect(await screen.findByText('The benefit is used.')).toBeInTheDocument();
    expect(
      screen.getByText(/^Used on \d{1,2}\.\d{1,2}\.\d{4} at \d{2}:\d{2}\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use the benefit' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Back to benefits' }));
    const list = await screen.findByRole('list', { name: 'Benefits' });
    const item = within(list)
      .getAllByRole('listitem')
      .find((candidate) =>
        within(candidate).queryByRole('link', { name: 'Free check-up for new patients' }),
      );
    expect(await within(item ?? list).findByText(/^Used on /)).toBeInTheDocument();
  });

  test('a used benefit shows the date it was used instead of the action', async () => {
    await renderApp('/en/coupons', { user: 'patient', mock: { now: NOW } });
    const list = await screen.findByRole('list', { name: 'Benefits' }, FIRST_SCREEN);
    const used = within(list)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText(/^Used on /));
    const link = used === undefined ? null : within(used).getByRole('link');
    if (link === null) throw new Error('No used benefit in the seed');
    await userEvent.setup().click(link);
    expect(
      await screen.findByText('You have already used this benefit.', {}, FIRST_SCREEN),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^You used it on \d{1,2}\.\d{1,2}\.\d{4} at \d{2}:\d{2}\.$/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use the benefit' })).toBeNull();
  });

  test('a repeat attempt from a stale page shows the notice with the date of use', async () => {
    const app = await renderApp('/en/coupons/1', { user: 'patient', mock: { now: NOW } });
    await screen.findByRole('button', { name: 'Use the benefit' }, FIRST_SCREEN);
    // Meanwhile the benefit was used elsewhere (another tab).
    app.mock.server.use(
      http.post('*/api/coupons/1/redeem', () =>
        HttpResponse.json(
          {
            UserMessage: 'You used this benefit on 14.11.2026.',
            Code: 'already-redeemed',
            RedeemedAt: '2026-11-14T10:12:00+02:00',
          },
          { status: 409 },
        ),
      ),
    );
    await confirmRedeem('Free check-up for new patients');
    expect(await screen.findByText('You have already used this benefit.')).toBeInTheDocument();
    expect(screen.getByText('You used it on 14.11.2026 at 10:12.')).toBeInTheDocument();
  });

  test('any other failure says the benefit could not be redeemed and allows a retry', async () => {
    const app = await renderApp('/en/coupons/1', { user: 'patient', mock: { now: NOW } });
    await screen.findByRole('button', { name: 'Use the benefit' }, FIRST_SCREEN);
    app.mock.server.use(
      http.post('*/api/coupons/1/redeem', () =>
        HttpResponse.json({ Code: 'internal' }, { status: 500 }),
      ),
    );
    await confirmRedeem('Free check-up for new patients');
    expect(await screen.findByText('Failed to redeem benefit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('without benefits the list shows its empty state', async () => {
    const app = await renderApp('/en/coupons', { user: 'patient', mock: { now: NOW } });
    app.mock.server.use(http.get('*/api/coupons', () => HttpResponse.json([])));
    expect(
      await screen.findByRole(
        'heading',
        { name: 'You have no benefits at the moment' },
        FIRST_SCREEN,
      ),
    ).toBeInTheDocument();
  });
});
