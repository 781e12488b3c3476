import type { BranchSelection } from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
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
  // One dropdown; its name is checked in English below.
  return { onSelect, onLocate, picker: screen.getByRole('combobox') };
}

describe('branch picker', () => {
  test('it has a label, a dropdown and a caption', () => {
    const { picker } = renderPicker();
    expect(picker).toHaveAccessibleName(/Clinic/);
    expect(picker).toHaveAccessibleDescription(/Choose one clinic, or a whole city/);
  });

  test('it is disabled and asks to choose a reason first until a reason is chosen', () => {
    const { picker } = renderPicker({ reason: null });
    expect(picker).toBeDisabled();
    expect(
      within(picker).getByRole('option', { name: 'Choose a service first' }),
    ).toBeInTheDocument();
  });

  test('an optional reason lets the branch be chosen before the reason', () => {
    const { picker } = renderPicker({ reason: { branchOptional: true }, selection: null });
    expect(picker).toBeEnabled();
    expect(
      within(picker).getByRole('option', { name: 'Select from the list' }),
    ).toBeInTheDocument();
  });

  test('branches are grouped by caption, then city, sorted by name', () => {
    const { picker } = renderPicker();
    const optionGroups = within(picker).getAllByRole('group');
    expect(optionGroups.map((group) => group.getAttribute('label'))).toEqual([
      'Helsinki region',
      'Southern Finland',
    ]);
    expect(
      within(optionGroups[0] as HTMLElement)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      // A city with one open clinic names it (no "all clinics" of one).
      'Espoo: Tapiola',
      'Helsinki – all clinics',
      'Kallio, Helsinki',
      'Kamppi, Helsinki',
      // A closed clinic says why it cannot be chosen.
      'Munkkiniemi, Helsinki (no online booking)',
    ]);
    expect(
      within(picker).getByRole('option', { name: 'Munkkiniemi, Helsinki (no online booking)' }),
    ).toBeDisabled();
  });

  test('in Swedish the cities have their Swedish names; the choice keeps the data’s name', async () => {
    const { picker, onSelect } = renderPicker({}, 'sv');
    const labels = within(picker)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(labels).toContain('Esbo: Tapiola');
    expect(labels).toContain('Helsingfors – alla kliniker');
    expect(labels).toContain('Kamppi, Helsingfors');
    expect(labels.join(' ')).not.toMatch(/Helsinki|Espoo/);
    await userEvent.setup().selectOptions(picker, 'Helsingfors – alla kliniker');
    expect(onSelect).toHaveBeenCalledWith({ branchIds: [2, 1], city: 'Helsinki' });
  });

  test('a city without enabled branches is not listed, and a lone branch shows only when chosen', () => {
    const { picker } = renderPicker();
    expect(within(picker).queryByRole('option', { name: /Tampere/ })).toBeNull();
    expect(within(picker).queryByRole('option', { name: 'Tapiola, Espoo' })).toBeNull();
  });

  test('a lone branch that is already selected is shown', () => {
    const { picker } = renderPicker({ selection: { branchIds: [4], city: 'Espoo' } });
    expect(within(picker).getByRole('option', { name: 'Tapiola, Espoo' })).toBeInTheDocument();
    expect(picker).toHaveValue('4');
  });

  test('choosing a city selects all its enabled branches', async () => {
    const user = userEvent.setup();
    const { picker, onSelect } = renderPicker();
    await user.selectOptions(picker, 'Helsinki – all clinics');
    expect(onSelect).toHaveBeenCalledWith({ branchIds: [2, 1], city: 'Helsinki' });
  });

  test('the closest-branch entry appears only when geolocation is supported', async () => {
    const user = userEvent.setup();
    const { picker, onLocate } = renderPicker({ geolocationSupported: true });
    await user.selectOptions(picker, 'Nearest clinic');
    expect(onLocate).toHaveBeenCalledWith(branches);
  });

  test('there is no closest-branch entry without geolocation', () => {
    const { picker } = renderPicker({ geolocationSupported: false });
    expect(within(picker).queryByRole('option', { name: 'Nearest clinic' })).toBeNull();
  });

  test("the patient's own region comes first", () => {
    const { picker } = renderPicker({ ownBranchId: 5 });
    expect(
      within(picker)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Southern Finland', 'Helsinki region']);
  });

  test('once the device position is known, each clinic says how far it is and the nearest one’s region comes first', () => {
    // Lahti Keskusta (5) sits at 60.05, 24.05 in these fixtures: the position is beside it.
    const { picker } = renderPicker({ position: { latitude: 60.05, longitude: 24.06 } }, 'fi');
    expect(
      within(picker)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Southern Finland', 'Helsinki region']);
    const labels = within(picker)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // Finnish writes the decimal comma; under 10 km with one decimal.
    expect(labels).toContain('Kamppi, Helsinki – 5,2 km');
    expect(labels).toContain('Kallio, Helsinki – 4 km');
    expect(labels).toContain('Munkkiniemi, Helsinki – 2,8 km (ei ajanvarausta verkossa)');
    // City rows stay as they were.
    expect(labels).toContain('Helsinki – kaikki klinikat');
  });

  test('a closed clinic says the reason the server gives', () => {
    const { picker } = renderPicker({
      firstFree: {
        branches: new Map([[3, null]]),
        practitioners: new Map(),
        closedReasons: new Map([[3, 'Closed during renovation']]),
      },
    });
    expect(
      within(picker).getByRole('option', {
        name: 'Munkkiniemi, Helsinki (Closed during renovation)',
      }),
    ).toBeDisabled();
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
    renderPicker({ selection: { branchIds: [2, 1], city: 'Helsinki' } });
    expect(screen.queryByRole('link', { name: /Show on a map/ })).toBeNull();
  });
});
