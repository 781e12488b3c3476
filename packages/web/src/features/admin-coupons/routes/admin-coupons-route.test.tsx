import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

const FIRST_SCREEN = { timeout: 15_000 };
/** Whole-app tests on a shared, busy machine: generous per-test time. */
const SLOW = { timeout: 40_000 };

/** The smallest valid PNG: signature, IHDR (1×1), IDAT and IEND. */
const PNG_BYTES = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

async function couponList(): Promise<HTMLElement> {
  return screen.findByRole('list', { name: 'Benefits' }, FIRST_SCREEN);
}

function itemOf(list: HTMLElement, name: string): HTMLElement {
  const item = within(list).getByRole('link', { name }).closest('li');
  if (item === null) throw new Error(`No list item for ${name}`);
  return item;
}

describe('benefit administration', SLOW, () => {
  test('the content manager sees every benefit with its status, validity and uses', async () => {
    await renderApp('/en/admin/coupons', { user: 'content-manager' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage benefits' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    const list = await couponList();
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThanOrEqual(7);
    const free = itemOf(list, 'Free check-up for new patients');
    expect(within(free).getByText('Active')).toBeInTheDocument();
    expect(within(free).getByText('Continuous')).toBeInTheDocument();
    expect(within(free).getByText('All clinics')).toBeInTheDocument();
    expect(within(free).getByText(/^\d+ times?$/)).toBeInTheDocument();
    const whitening = itemOf(list, 'Teeth whitening −20 %');
    expect(
      within(whitening).getByText(/^\d{1,2}\.\d{1,2}\.\d{4} – \d{1,2}\.\d{1,2}\.\d{4}$/),
    ).toBeInTheDocument();
    expect(within(whitening).getByText('4 clinics')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New benefit' })).toHaveAttribute(
      'href',
      '/en/admin/coupon/new',
    );
  });

  test('without benefits the list says so and offers to create one', async () => {
    const app = await renderApp('/en/admin/coupons', { user: 'admin' });
    app.mock.server.use(
      http.get('*/api/admin/coupons', () =>
        HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 50 }),
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'There are no benefits yet' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New benefit' })).toBeInTheDocument();
  });

  test('the content manager creates a continuous benefit with a PNG image', async () => {
    await renderApp('/en/admin/coupon/new', { user: 'content-manager' });
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: 'Name' }, FIRST_SCREEN),
      'Winter check-up',
    );
    await user.type(screen.getByRole('textbox', { name: 'Price (€)' }), '19,90');
    expect(screen.getByLabelText('Valid from')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Continuous' }));
    expect(screen.queryByLabelText('Valid from')).toBeNull();
    await user.upload(
      screen.getByLabelText('New image'),
      new File([PNG_BYTES], 'winter.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create benefit' }));
    const list = await couponList();
    const item = itemOf(list, 'Winter check-up');
    expect(within(item).getByText('Continuous')).toBeInTheDocument();
    expect(within(item).getByText('€19.90')).toBeInTheDocument();
    // Served by the API host (the tests' API is on an origin of its own).
    expect(item.querySelector('img')?.getAttribute('src')).toMatch(
      /^http:\/\/localhost:3000\/api\/images\/[a-f0-9]{32}\.png$/,
    );
  });

  test('a dated benefit needs both dates in order and a chosen clinic', async () => {
    await renderApp('/en/admin/coupon/new', { user: 'admin' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create benefit' }, FIRST_SCREEN));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Error: Please fill this field',
    );
    expect(screen.getByRole('textbox', { name: 'Price (€)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByLabelText('Valid from')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText('Valid from'), { target: { value: '2027-02-10' } });
    fireEvent.change(screen.getByLabelText('Valid until'), { target: { value: '2027-02-01' } });
    await user.click(screen.getByRole('radio', { name: 'In the chosen clinics' }));
    await user.click(screen.getByRole('button', { name: 'Create benefit' }));
    expect(screen.getByLabelText('Valid until')).toHaveAccessibleDescription(
      /The end date cannot be before the start date\./,
    );
    expect(screen.getByText('Choose at least one clinic.')).toBeInTheDocument();

    const group = await screen.findByRole('group', { name: 'Helsinki region' }, FIRST_SCREEN);
    await user.click(within(group).getByRole('checkbox', { name: 'Espoo Tapiola' }));
    expect(within(group).getByRole('checkbox', { name: 'All of Helsinki region' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
  });

  test('an oversize image and a text file named .png are refused before anything is sent', async () => {
    const app = await renderApp('/en/admin/coupon/new', { user: 'content-manager' });
    const sent: string[] = [];
    app.mock.server.events.on('request:start', ({ request }) => {
      if (request.method !== 'GET') sent.push(`${request.method} ${request.url}`);
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, FIRST_SCREEN), 'Big');
    await user.type(screen.getByRole('textbox', { name: 'Price (€)' }), '10');
    await user.click(screen.getByRole('checkbox', { name: 'Continuous' }));
    const input = screen.getByLabelText('New image');

    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    await user.upload(input, new File([big], 'big.png', { type: 'image/png' }));
    expect(
      await screen.findByText('The image is too large. The maximum size is 2 MB.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create benefit' }));

    await user.upload(input, new File(['just some text'], 'fake.png', { type: 'image/png' }));
    expect(
      await screen.findByText('The file is not a JPG or PNG image. Choose another file.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create benefit' }));
    // The summary at the top takes the focus; its link leads to the file input.
    const summary = screen
      .getByRole('heading', { name: 'There is a problem' })
      .closest('[tabindex="-1"]');
    await waitFor(() => expect(summary).toHaveFocus());
    await user.click(
      screen.getByRole('link', {
        name: 'New image: The file is not a JPG or PNG image. Choose another file.',
      }),
    );
    expect(input).toHaveFocus();
    expect(sent).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Big');
  });

  test('the content manager edits a benefit in another language and saves it', async () => {
    await renderApp('/en/admin/coupons', { user: 'content-manager' });
    const user = userEvent.setup();
    await user.click(
      within(await couponList()).getByRole('link', { name: 'Free check-up for new patients' }),
    );
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Edit benefit: Free check-up for new patients' },
      FIRST_SCREEN,
    );
    expect(screen.getByRole('combobox', { name: 'Edited language' })).toHaveValue('en');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Edited language' }), 'sv');
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Gratis kontroll för nya kunder');
    await user.clear(name);
    await user.type(name, 'Gratis kontroll');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The benefit is saved.')).toBeInTheDocument();
    expect(await couponList()).toBeInTheDocument();
  });

  test('a failed save says so and keeps what was typed', async () => {
    const app = await renderApp('/en/admin/coupon/1/edit', { user: 'admin' });
    app.mock.server.use(
      http.put('*/api/admin/coupons/:id', () =>
        HttpResponse.json({ UserMessage: 'Boom.', Code: 'internal-error' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Name' }, FIRST_SCREEN);
    await user.type(name, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Saving the benefit failed because of a server error. Check the image size.',
    );
    expect(name).toHaveValue('Free check-up for new patients!');
  });

  test('the server refusing an image shows its message under the image field', async () => {
    const app = await renderApp('/en/admin/coupon/1/edit', { user: 'admin' });
    app.mock.server.use(
      http.put('*/api/admin/coupons/:id/image', () =>
        HttpResponse.json(
          { UserMessage: 'The image must be a JPG or PNG file.', Code: 'unsupported-media-type' },
          { status: 415 },
        ),
      ),
    );
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('New image', {}, FIRST_SCREEN),
      new File([PNG_BYTES], 'ok.png', { type: 'image/png' }),
    );
    await screen.findByRole('img', { name: 'Preview of the chosen image' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The benefit was saved, but the image was not.',
    );
    expect(screen.getByLabelText('New image')).toHaveAccessibleDescription(
      /The image must be a JPG or PNG file\./,
    );
  });

  test('the content manager removes an image and deletes a benefit after confirming', async () => {
    await renderApp('/en/admin/coupon/2/edit', { user: 'content-manager' });
    const user = userEvent.setup();
    expect(
      await screen.findByRole('img', { name: "The benefit's current image" }, FIRST_SCREEN),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.getByText('The image will be removed when you save.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep the image' }));
    expect(screen.getByRole('img', { name: "The benefit's current image" })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete benefit' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Delete .+\?$/ });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    const list = await couponList();
    expect(within(list).queryByRole('link', { name: 'Teeth whitening −20 %' })).toBeNull();
  });

  test('a failed delete says "Could not delete benefit"', async () => {
    const app = await renderApp('/en/admin/coupon/2/edit', { user: 'admin' });
    app.mock.server.use(
      http.delete('*/api/admin/coupons/:id', () =>
        HttpResponse.json({ UserMessage: 'Nope.', Code: 'internal-error' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete benefit' }, FIRST_SCREEN));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not delete benefit');
  });
});

describe('staff screens are guarded by role', SLOW, () => {
  test('a patient gets the no-access page on every staff address', async () => {
    for (const path of [
      '/en/patients',
      '/en/patient/1',
      '/en/admin/coupons',
      '/en/admin/coupon/new',
      '/en/admin/coupon/1/edit',
    ]) {
      await renderApp(path, { user: 'patient' });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'No access' }, FIRST_SCREEN),
      ).toBeInTheDocument();
    }
  });

  test('a content manager may manage benefits but not patients', async () => {
    await renderApp('/en/patients', { user: 'content-manager' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No access' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    await renderApp('/en/patient/1', { user: 'content-manager' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No access' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    await renderApp('/en/admin/coupon/new', { user: 'content-manager' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New benefit' }, FIRST_SCREEN),
    ).toBeInTheDocument();
  });
});
