/**
 * A patient's steps through the booking wizard of the rendered app (`renderApp` at
 * `/en/reservation`): answering the steps up to the one a test is about, and what the tests
 * wait for and press on the way. Nothing is kept between calls: each reads the page as it is.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** The first screen waits for the lazy route and the session: longer than findBy's 1 s. */
export const FIRST_SCREEN = { timeout: 15_000 };

/** The wizard's Next button. */
export const next = () => screen.getByRole('button', { name: 'Next' });

/** A private customer's check-up: on to the location step. */
export async function chooseUntilLocation(user: UserEvent): Promise<void> {
  await user.click(await screen.findByRole('radio', { name: 'Private customer' }, FIRST_SCREEN));
  await user.click(next());
  // One tap on the service goes on to the location.
  await user.click(await screen.findByRole('button', { name: /^Dental check-up/ }));
  expect(
    await screen.findByRole('heading', { level: 2, name: 'Choose the clinic' }),
  ).toBeInTheDocument();
}

/** The clinic step's field (it opens the searchable list). */
export const clinicField = () => screen.findByRole('combobox', { name: 'Clinic' }, FIRST_SCREEN);

/** Opens the clinic list: answers its listbox. */
export async function openClinicList(user: UserEvent): Promise<HTMLElement> {
  await user.click(await clinicField());
  return screen.findByRole('listbox', { name: 'Clinics' });
}

/** Chooses a row of the clinic list by its name (which starts with the clinic or city). */
export async function chooseClinic(user: UserEvent, name: RegExp): Promise<void> {
  const list = await openClinicList(user);
  await user.click(within(list).getAllByRole('option', { name })[0] as HTMLElement);
  await waitFor(() => expect(screen.queryByRole('listbox', { name: 'Clinics' })).toBeNull());
}

/**
 * The first time of a list the patient can choose: one at which they already have an appointment
 * is listed but disabled (issue 54), and which those are depends on the seed's moment (its acute
 * visit lies 1–23 hours ahead: on a Sunday, among Monday's first times).
 */
export function firstChoosable(slots: HTMLElement): HTMLElement {
  const first = within(slots)
    .getAllByRole('button')
    .find((button) => !button.hasAttribute('disabled'));
  if (first === undefined) throw new Error('No time to choose');
  return first;
}

/** Customer type → reason → branch → practitioner skipped: the slot step. */
export async function chooseUntilSlotStep(user: UserEvent): Promise<void> {
  await chooseUntilLocation(user);
  await chooseClinic(user, /^Helsinki Kamppi\b/);
  await user.click(next());
  await user.click(await screen.findByRole('button', { name: 'Any available practitioner' }));
  expect(
    await screen.findByRole('heading', { level: 2, name: 'Choose the date and time' }),
  ).toBeInTheDocument();
}

/**
 * Customer type → reason → branch → practitioner skipped → the first free slot; answers the
 * chosen time's accessible name.
 */
export async function chooseUntilSlot(user: UserEvent): Promise<string> {
  await chooseUntilSlotStep(user);
  // Move forward to the first day with free times.
  for (let attempt = 0; attempt < 10; attempt += 1) {
    // The step's code and the day's times have arrived.
    await waitFor(() => {
      expect(screen.queryByRole('status', { name: 'Loading the step…' })).toBeNull();
      expect(screen.queryByRole('status', { name: /Loading the times/ })).toBeNull();
    });
    if (screen.queryByRole('list', { name: /^Available times on/ })) break;
    await user.click(screen.getByRole('button', { name: 'Next day' }));
  }
  const slots = await screen.findByRole('list', { name: /^Available times on/ });
  const first = firstChoosable(slots);
  expect(first).toHaveAccessibleName(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{2}:\d{2}, \S+/);
  // Each time says that choosing it goes on (WCAG 3.2.2), and one tap does.
  expect(first).toHaveAccessibleDescription(
    'Choosing a time takes you straight on to your details.',
  );
  const name = first.getAttribute('aria-label') ?? '';
  await user.click(first);
  await screen.findByRole('heading', { level: 2, name: 'Your details' });
  return name;
}

/** Types the address (over the one a returning patient's previous booking gave). */
export async function fillAddress(user: UserEvent): Promise<void> {
  for (const [name, value] of [
    [/Street address/, 'Esimerkkikatu 1'],
    [/Postal code/, '00100'],
    [/^City/, 'Helsinki'],
  ] as const) {
    // The details step is a chunk of its own: its fields may render a moment after its heading.
    const field = await screen.findByRole('textbox', { name });
    await user.clear(field);
    await user.type(field, value);
  }
}

/** …the details (the address typed) → the confirm step; answers the chosen time's name. */
export async function chooseUntilConfirm(user: UserEvent): Promise<string> {
  const name = await chooseUntilSlot(user);
  await fillAddress(user);
  await user.click(next());
  await screen.findByRole('heading', { level: 2, name: 'Check and confirm' });
  return name;
}

/** The confirm step's button that books. */
export const CONFIRM = { name: 'Confirm the booking' };

/**
 * The test patient Maija has a check-up a week ahead, so booking another check-up soon asks
 * first (the duplicate rule, 409 `duplicate-reservation`): she keeps both.
 */
export async function keepBoth(user: UserEvent): Promise<void> {
  await screen.findByText('You already have a time booked for this service');
  await user.click(screen.getByRole('button', { name: 'Keep both' }));
}

/** A booking runs through seven steps: more than the default 5 s in jsdom. */
export const JOURNEY_TIMEOUT_MS = 60_000;
