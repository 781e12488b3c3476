import type { BranchSelection } from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import '../../../ui/test-utils.tsx';
import { createBookingTestI18n } from '../testing/test-i18n.ts';
import { BranchPicker, type BranchPickerProps } from './branch-picker.tsx';

function branch(Id: number, Name: string, City: string, Enabled = true): Schemas['Branch'] {
  return {
    Id,
    Name,
    Enabled,
    Address: { City, Street: `${Name}inkatu 1`, PostalCode: '00100' },
    Latitude: 60 + Id / 100,
    Longitude: 24 + Id / 100,
  } as Schemas['Branch'];
}

const branches = [
  branch(1, 'Kamppi', 'Helsinki'),
  branch(2, 'Kallio', 'Helsinki'),
  branch(3, 'Munkkiniemi', 'Helsinki', false),
  branch(4, 'Tapiola', 'Espoo'),
  branch(5, 'Keskusta', 'Lahti'),
  branch(6, 'Lielahti', 'Tampere', false),
];
const groups: Schemas['BranchGroup'][] = [
  { id: 2, caption: 'Southern Finland', branches: [5, 6] },
  { id: 1, caption: 'Helsinki region', branches: [1, 2, 3, 4] },
];

function renderPicker(props: Partial<BranchPickerProps> = {}, language: 'fi' | 'sv' | 'en' = 'en') {
  const onSelect = vi.fn<(selection: BranchSelection) => void>();
  const onLocate = vi.fn<(candidates: Schemas['Branch'][]) => void>();
  render(
    <I18nextProvider i18n={createBookingTestI18n(language)}>
      <BranchPicker
        branches={branches}
        groups={groups}
        reason={{ branchOptional: false }}
        selection={null}
        geolocationSupported={false}
        onSelect={onSelect}
        onLocate={onLocate}
        {...props}
      />
    </I18nextProvider>,
  );
  // One field; its name is checked in English below.
  return { onSelect, onLocate, picker: screen.getByRole('combobox') };
}

/** Opens the list: answers the listbox. */
async function openList(user: UserEvent, picker: HTMLElement): Promise<HTMLElement> {
  await user.click(picker);
  return screen.findByRole('listbox');
}

/** The rows of a part of the list, as their text reads. */
const rowsOf = (part: HTMLElement) =>
  within(part)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('branch picker', () => {
  test('it has a label, a field that opens a list, and a caption', async () => {
    const { picker } = renderPicker();
    expect(picker).toHaveAccessibleName('Clinic');
    expect(picker).toHaveAccessibleDescription(/Choose one clinic, or a whole city/);
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    const list = await openList(userEvent.setup(), picker);
    expect(list).toHaveAccessibleName('Clinics');
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    // The search has the focus (no touch screen here) and says what it finds.
    expect(screen.getByRole('combobox', { name: 'Search for a clinic or city' })).toHaveFocus();
    expect(screen.getByPlaceholderText('e.g. Kamppi or Tampere')).toBeInTheDocument();
  });

  test('it is disabled and asks to choose a reason first until a reason is chosen', () => {
    const { picker } = renderPicker({ reason: null });
    expect(picker).toBeDisabled();
    expect(picker).toHaveTextContent('Choose a service first');
  });

  test('an optional reason lets the branch be chosen before the reason', () => {
    const { picker } = renderPicker({ reason: { branchOptional: true }, selection: null });
    expect(picker).toBeEnabled();
    expect(picker).toHaveTextContent('Select from the list');
  });

  test('branches are grouped by caption, then city, sorted by name; the city is not repeated', async () => {
    const list = await openList(userEvent.setup(), renderPicker().picker);
    const parts = within(list).getAllByRole('group');
    // The region with the most open clinics first (issue 54), not the first caption.
    expect(parts).toHaveLength(2);
    expect(parts[0]).toHaveAccessibleName('Helsinki region');
    expect(parts[1]).toHaveAccessibleName('Southern Finland');
    expect(rowsOf(parts[0] as HTMLElement)).toEqual([
      // The city with the most open clinics first, then its clinics by name.
      'Helsinki – all clinics',
      'Kallio',
      'Kamppi',
      // A closed clinic says why it cannot be chosen.
      'Munkkiniemi no online booking',
      // A city with one open clinic names it (no "all clinics" of one).
      'Espoo: Tapiola',
    ]);
    expect(within(list).getByRole('option', { name: /^Munkkiniemi/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  test('in Swedish the cities have their Swedish names; the choice keeps the data’s name', async () => {
    const user = userEvent.setup();
    const { picker, onSelect } = renderPicker({}, 'sv');
    const list = await openList(user, picker);
    const labels = rowsOf(list);
    expect(labels).toContain('Esbo: Tapiola');
    expect(labels).toContain('Helsingfors – alla kliniker');
    expect(labels).toContain('Kamppi');
    expect(labels.join(' ')).not.toMatch(/Helsinki|Espoo/);
    await user.click(within(list).getByRole('option', { name: 'Helsingfors – alla kliniker' }));
    expect(onSelect).toHaveBeenCalledWith({ branchIds: [2, 1], city: 'Helsinki' });
    // The choice closes the list and gives the focus back to the field.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(picker).toHaveFocus();
  });

  test('a city without enabled branches is not listed, and a lone branch shows only when chosen', async () => {
    const list = await openList(userEvent.setup(), renderPicker().picker);
    expect(within(list).queryByRole('option', { name: /Tampere/ })).toBeNull();
    expect(within(list).queryByRole('option', { name: /^Tapiola/ })).toBeNull();
  });

  test('a lone branch that is already selected is shown, and the field shows it', async () => {
    const { picker } = renderPicker({ selection: { branchIds: [4], city: 'Espoo' } });
    expect(picker).toHaveTextContent('Tapiola, Espoo');
    const list = await openList(userEvent.setup(), picker);
    expect(within(list).getByRole('option', { name: 'Tapiola (chosen)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('choosing a city selects all its enabled branches', async () => {
    const user = userEvent.setup();
    const { picker, onSelect } = renderPicker();
    const list = await openList(user, picker);
    await user.click(within(list).getByRole('option', { name: 'Helsinki – all clinics' }));
    expect(onSelect).toHaveBeenCalledWith({ branchIds: [2, 1], city: 'Helsinki' });
  });

  test('the search finds Kamppi in two keystrokes, a city by its name, and says when nothing is found', async () => {
    const user = userEvent.setup();
    const { picker, onSelect } = renderPicker({}, 'sv');
    const list = await openList(user, picker);
    await user.keyboard('Ka');
    expect(rowsOf(list)).toEqual(['Kallio', 'Kamppi']);
    await user.keyboard('m');
    expect(rowsOf(list)).toEqual(['Kamppi']);
    // Enter takes the first row found.
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith({ branchIds: [1], city: 'Helsinki' });
    // The search starts empty again; a city's Swedish or Finnish name finds it.
    const again = await openList(user, picker);
    expect(screen.getByRole('combobox', { name: 'Sök klinik eller stad' })).toHaveValue('');
    await user.keyboard('helsingf');
    expect(rowsOf(again)).toEqual([
      'Helsingfors – alla kliniker',
      'Kallio',
      'Kamppi',
      'Munkkiniemi ingen webbokning',
    ]);
    await user.clear(screen.getByRole('combobox', { name: 'Sök klinik eller stad' }));
    await user.keyboard('Rovaniemi');
    expect(within(again).queryAllByRole('option')).toEqual([]);
    expect(again).toHaveTextContent(
      'Ingen klinik hittades med ”Rovaniemi”. Försök med namnet på en stad.',
    );
  });

  test('arrow keys move through the rows, skipping a closed clinic', async () => {
    const user = userEvent.setup();
    const { picker, onSelect } = renderPicker();
    const list = await openList(user, picker);
    const active = () => within(list).getByRole('option', { selected: true }).textContent;
    expect(active()).toBe('Helsinki – all clinics');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Kamppi');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Espoo: Tapiola');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith({ branchIds: [4], city: 'Espoo' });
  });

  test('the closest-branch entry appears only when geolocation is supported', async () => {
    const user = userEvent.setup();
    const { picker, onLocate } = renderPicker({ geolocationSupported: true });
    const list = await openList(user, picker);
    // The first row, a part of its own without a heading.
    expect(within(list).getAllByRole('option')[0]).toHaveAccessibleName('Nearest clinic');
    await user.click(within(list).getByRole('option', { name: 'Nearest clinic' }));
    expect(onLocate).toHaveBeenCalledWith(branches);
  });

  test('there is no closest-branch entry without geolocation', async () => {
    const list = await openList(
      userEvent.setup(),
      renderPicker({ geolocationSupported: false }).picker,
    );
    expect(within(list).queryByRole('option', { name: 'Nearest clinic' })).toBeNull();
  });

  test("the patient's own clinic comes first, then its region", async () => {
    const list = await openList(userEvent.setup(), renderPicker({ ownBranchId: 5 }).picker);
    const parts = within(list).getAllByRole('group');
    expect(parts).toHaveLength(3);
    expect(parts[0]).toHaveAccessibleName('Your own clinic');
    expect(rowsOf(parts[0] as HTMLElement)).toEqual(['Keskusta, Lahti']);
    expect(parts[1]).toHaveAccessibleName('Southern Finland');
    expect(parts[2]).toHaveAccessibleName('Helsinki region');
  });

  test('once the device position is known, the nearest come first, each saying how far it is', async () => {
    // Lahti Keskusta (5) sits at 60.05, 24.05 in these fixtures: the position is beside it.
    const { picker } = renderPicker({ position: { latitude: 60.05, longitude: 24.0505 } }, 'fi');
    const list = await openList(userEvent.setup(), picker);
    const parts = within(list).getAllByRole('group');
    expect(parts).toHaveLength(3);
    expect(parts[0]).toHaveAccessibleName('Lähimpänä sinua');
    // Finnish writes the decimal comma; under 10 km with one decimal; under 1 km in metres,
    // never "0 km".
    expect(rowsOf(parts[0] as HTMLElement)).toEqual([
      'Keskusta, Lahti 100 m',
      'Tapiola, Espoo 1,3 km',
      'Kallio, Helsinki 3,7 km',
    ]);
    expect(parts[1]).toHaveAccessibleName('Southern Finland');
    // The region's cities nearest first; its clinics by name, each with its distance.
    expect(rowsOf(parts[2] as HTMLElement)).toEqual([
      'Espoo: Tapiola',
      'Helsinki – kaikki klinikat',
      'Kallio 3,7 km',
      'Kamppi 5 km',
      'Munkkiniemi ei ajanvarausta verkossa 2,5 km',
    ]);
  });

  test('each row says its first free time, a closed clinic the reason the server gives', async () => {
    const { picker } = renderPicker({
      firstFree: {
        branches: new Map([
          [1, '2026-12-01T08:30:00+02:00'],
          [2, null],
          [3, null],
        ]),
        practitioners: new Map(),
        closedReasons: new Map([[3, 'Closed during renovation']]),
      },
    });
    const list = await openList(userEvent.setup(), picker);
    expect(rowsOf(list).slice(0, 4)).toEqual([
      'Helsinki – all clinics First available: Tue 1.12.2026 08:30',
      'Kallio No available times',
      'Kamppi First available: Tue 1.12.2026 08:30',
      'Munkkiniemi Closed during renovation',
    ]);
  });

  test('the chosen clinic shows its address and a map link that opens in a new tab', () => {
    renderPicker({ selection: { branchIds: [1], city: 'Helsinki' } });
    expect(screen.getByText(/Kamppiinkatu 1, 00100 Helsinki/)).toBeInTheDocument();
    const map = screen.getByRole('link', { name: /Show on a map/ });
    expect(map).toHaveAttribute('target', '_blank');
    expect(map.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Kamppi, Kamppiinkatu 1, 00100 Helsinki')}`,
    );
  });

  test('a city chosen shows no single address', () => {
    const { picker } = renderPicker({ selection: { branchIds: [2, 1], city: 'Helsinki' } });
    expect(picker).toHaveTextContent('Helsinki – all clinics');
    expect(screen.queryByRole('link', { name: /Show on a map/ })).toBeNull();
  });
});
