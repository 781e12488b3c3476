import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

const FIRST_SCREEN = { timeout: 15_000 };

describe('visit history', () => {
  test('the patient sees the completed visits newest first', async () => {
    await renderApp('/en/history', { user: 'patient' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Visit history' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Completed visits' }, FIRST_SCREEN);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const years = items.map((item) => {
      const [, day, month, year] =
        /(\d{1,2})\.(\d{1,2})\.(\d{4})/.exec(item.textContent ?? '') ?? [];
      return Number(year) * 10_000 + Number(month) * 100 + Number(day);
    });
    expect([...years].sort((a, b) => b - a)).toEqual(years);
    expect(within(list).getAllByText('Not recorded').length).toBeGreaterThan(0);
  });

  test('a patient without visits sees the empty state', async () => {
    const app = await renderApp('/en/history', { user: 'patient' });
    app.mock.server.use(http.get('*/api/history', () => HttpResponse.json([])));
    expect(
      await screen.findByRole('heading', { name: 'You have no visits yet' }, FIRST_SCREEN),
    ).toBeInTheDocument();
  });
});
