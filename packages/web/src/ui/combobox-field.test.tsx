import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ComboboxField, SHEET_QUERY, type ComboboxGroup } from './combobox-field.tsx';
import { renderWithI18n } from './test-utils.tsx';

const groups: ComboboxGroup[] = [
  {
    key: 'south',
    heading: 'Southern Finland',
    options: [
      { value: 'lahti', label: 'Lahti', detail: 'First available time: Tue 1.12.2026 08:30' },
      { value: 'kotka', label: 'Kotka', disabled: true, detail: 'Closed during renovation' },
      { value: 'porvoo', label: 'Porvoo', aside: '12 km', inset: true },
    ],
  },
];

function Example({ onSelect }: { onSelect: (value: string) => void }) {
  const [query, setQuery] = useState('');
  const [value, setValue] = useState('');
  return (
    <ComboboxField
      label="Town"
      required
      hint="Choose a town."
      groups={groups.map((group) => ({
        ...group,
        options: group.options.filter((option) =>
          option.label.toLowerCase().startsWith(query.toLowerCase()),
        ),
      }))}
      value={value}
      valueText={groups[0]?.options.find((option) => option.value === value)?.label}
      placeholder="Select from the list"
      query={query}
      onQueryChange={setQuery}
      searchLabel="Search for a town"
      searchPlaceholder="e.g. Lahti"
      listLabel="Towns"
      emptyText="No town found."
      onSelect={(chosen) => {
        setValue(chosen);
        onSelect(chosen);
      }}
    />
  );
}

const realMatchMedia = window.matchMedia;
/** The screen as these media queries describe it. */
function matching(...queries: string[]): void {
  window.matchMedia = (query: string) =>
    ({
      matches: queries.includes(query),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
}
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('ComboboxField', () => {
  test('a labelled, described field shows its choice and opens a named dialog with a search and a list', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderWithI18n(<Example onSelect={onSelect} />);
    const field = screen.getByRole('combobox', { name: 'Town' });
    expect(field).toHaveAccessibleDescription('Choose a town.');
    expect(field).toHaveAttribute('aria-required', 'true');
    expect(field).toHaveTextContent('Select from the list');
    await user.click(field);
    const dialog = await screen.findByRole('dialog', { name: 'Town' });
    const search = within(dialog).getByRole('combobox', { name: 'Search for a town' });
    expect(search).toHaveFocus();
    expect(search).toHaveAttribute('placeholder', 'e.g. Lahti');
    const list = within(dialog).getByRole('listbox', { name: 'Towns' });
    expect(within(list).getByRole('group')).toHaveAccessibleName('Southern Finland');
    // A row reads as words: its name, its detail, what is aside.
    expect(
      within(list)
        .getAllByRole('option')
        .map((row) => row.textContent),
    ).toEqual([
      'Lahti First available time: Tue 1.12.2026 08:30',
      'Kotka Closed during renovation',
      'Porvoo 12 km',
    ]);
    expect(within(list).getByRole('option', { name: /^Kotka/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // The disabled row cannot be chosen.
    await user.click(within(list).getByRole('option', { name: /^Kotka/ }));
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(within(list).getByRole('option', { name: /^Porvoo/ }));
    expect(onSelect).toHaveBeenCalledWith('porvoo');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field).toHaveFocus();
    expect(field).toHaveTextContent('Porvoo');
    // Opened again, the chosen row is the active one and says it is chosen.
    await user.click(field);
    expect(await screen.findByRole('option', { selected: true })).toHaveAccessibleName(
      'Porvoo 12 km (chosen)',
    );
  });

  test('typing narrows the list, Escape closes it and the search starts empty again', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Example onSelect={vi.fn()} />);
    const field = screen.getByRole('combobox', { name: 'Town' });
    await user.click(field);
    await user.keyboard('x');
    expect(await screen.findByText('No town found.')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field).toHaveFocus();
    await user.click(field);
    expect(await screen.findByRole('combobox', { name: 'Search for a town' })).toHaveValue('');
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  test('on a touch screen the list opens without focusing the search (no keyboard over it)', async () => {
    matching('(pointer: coarse)');
    const user = userEvent.setup();
    renderWithI18n(<Example onSelect={vi.fn()} />);
    await user.click(screen.getByRole('combobox', { name: 'Town' }));
    const search = await screen.findByRole('combobox', { name: 'Search for a town' });
    expect(search).not.toHaveFocus();
    expect(screen.getByRole('listbox', { name: 'Towns' })).toBeVisible();
  });

  test('on a phone the list is a sheet over the whole screen, titled with the label and closed by ×', async () => {
    matching(SHEET_QUERY, '(pointer: coarse)');
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderWithI18n(<Example onSelect={onSelect} />);
    const field = screen.getByRole('combobox', { name: 'Town' });
    await user.click(field);
    const sheet = await screen.findByRole('dialog', { name: 'Town' });
    expect(sheet.className).toContain('inset-x-0');
    expect(within(sheet).getByRole('listbox', { name: 'Towns' })).toBeVisible();
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field).toHaveFocus();
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /^Lahti/ }));
    expect(onSelect).toHaveBeenCalledWith('lahti');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field).toHaveTextContent('Lahti');
  });
});
