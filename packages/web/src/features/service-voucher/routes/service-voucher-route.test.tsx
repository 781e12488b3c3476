import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

const FIRST_SCREEN = { timeout: 15_000 };

describe('service-voucher customer page', () => {
  test('a voucher customer reads what to bring and how to book with the number', async () => {
    await renderApp('/en/service-voucher');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Service-voucher and payment-commitment customers' },
        FIRST_SCREEN,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'What to bring to the appointment' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'How to book with the voucher number' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book with a service voucher' })).toHaveAttribute(
      'href',
      '/en/reservation?customerType=serviceVoucher',
    );
    expect(screen.getByRole('link', { name: 'Book with a payment commitment' })).toHaveAttribute(
      'href',
      '/en/reservation?customerType=paymentCommitment',
    );
  });

  test('the booking button starts the wizard with the voucher customer type chosen', async () => {
    const user = userEvent.setup();
    await renderApp('/en/service-voucher');
    await user.click(
      await screen.findByRole('link', { name: 'Book with a service voucher' }, FIRST_SCREEN),
    );
    const voucher = await screen.findByRole(
      'radio',
      { name: 'Service-voucher customer' },
      FIRST_SCREEN,
    );
    await waitFor(() => expect(voucher).toBeChecked());
    expect(
      await screen.findByRole('textbox', { name: /Service voucher number/ }),
    ).toBeInTheDocument();
  });

  test('the landing page leads to it from its service-voucher section', async () => {
    const user = userEvent.setup();
    await renderApp('/en');
    await user.click(
      await screen.findByRole(
        'link',
        { name: 'Read more about vouchers and payment commitments' },
        FIRST_SCREEN,
      ),
    );
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Service-voucher and payment-commitment customers' },
        FIRST_SCREEN,
      ),
    ).toBeInTheDocument();
  });

  test('the page is in Finnish on the Finnish path', async () => {
    await renderApp('/fi/service-voucher');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Palveluseteli- ja maksusitoumusasiakkaat' },
        FIRST_SCREEN,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Varaa aika palvelusetelillä' })).toBeInTheDocument();
  });
});
