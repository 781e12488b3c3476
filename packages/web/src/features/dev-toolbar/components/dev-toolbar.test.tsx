import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

describe('QA toolbar', () => {
  test('QA logs in as a test user from the toolbar', async () => {
    const user = userEvent.setup();
    await renderApp('/en/about');
    await user.click(await screen.findByRole('button', { name: 'QA tools' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    const select = within(toolbar).getByRole('combobox', { name: 'Log in as a test user' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(select, 'admin');
    expect((await screen.findAllByRole('button', { name: 'Log out' })).length).toBeGreaterThan(0);
    expect(localStorage.getItem('access_token')).not.toBeNull();
  });

  test('QA advances the dev clock by a day', async () => {
    const user = userEvent.setup();
    await renderApp('/en/about');
    await user.click(await screen.findByRole('button', { name: 'QA tools' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    const before = (await within(toolbar).findByText(/^Now /)).textContent;
    await user.click(within(toolbar).getByRole('button', { name: '+1 day' }));
    await waitFor(() => expect(within(toolbar).getByText(/^Now /).textContent).not.toBe(before));
  });

  test('the toolbar is hidden when the server is not in dev mode', async () => {
    await renderApp('/en/about', { mock: { devMode: false } });
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    expect(screen.queryByRole('button', { name: 'QA tools' })).not.toBeInTheDocument();
    expect(localStorage.getItem('devMode')).toBe('false');
  });
});
