import { describe, expect, test } from 'vitest';
import {
  allBranches,
  branch,
  branchGroups,
  espooTapiola,
  helsinkiArabia,
  helsinkiItakeskus,
  helsinkiKamppi,
  ouluKeskusta,
  tampereKeskusta,
} from '../testing/branches.ts';
import type { CityOption } from './branch-picker.ts';
import {
  areCityBranchesVisible,
  branchPickerRows,
  branchPickerState,
  compareFi,
  groupBranches,
  isCityRowVisible,
  ownRegionFirst,
  pickerValue,
  selectBranch,
  selectCity,
  selectionFromValue,
} from './branch-picker.ts';

const names = (cities: CityOption[]) =>
  cities.map((city) => [city.city, city.branches.map((b) => b.Name)]);

describe('grouping', () => {
  test('Branches are grouped by branch-group caption, then by city', () => {
    const groups = groupBranches(allBranches, branchGroups);
    expect(groups.map((group) => group.caption)).toEqual(['Pirkanmaa', 'Uusimaa', '']);
    expect(names(groups[1]!.cities)).toEqual([
      ['Espoo', ['Tapiola']],
      ['Helsinki', ['Arabia', 'Itäkeskus', 'Kamppi']],
    ]);
  });

  test('Groups are sorted by caption in Finnish order', () => {
    const groups = groupBranches(allBranches, [
      { id: 1, caption: 'Ämmänsaari', branches: [3] },
      { id: 2, caption: 'Zeta', branches: [5] },
    ]);
    expect(groups.map((group) => group.caption)).toEqual(['Zeta', 'Ämmänsaari', '']);
  });

  test("The region of the patient's own clinic comes first, the others keep their order", () => {
    const groups = groupBranches(allBranches, branchGroups);
    const captions = (list: typeof groups) => list.map((group) => group.caption);
    expect(captions(ownRegionFirst(groups, helsinkiKamppi.Id))).toEqual([
      'Uusimaa',
      'Pirkanmaa',
      '',
    ]);
    expect(captions(ownRegionFirst(groups, ouluKeskusta.Id))).toEqual(['', 'Pirkanmaa', 'Uusimaa']);
    // Already first, unknown or none: unchanged.
    expect(ownRegionFirst(groups, tampereKeskusta.Id)).toEqual(groups);
    expect(ownRegionFirst(groups, 999)).toEqual(groups);
    expect(ownRegionFirst(groups, null)).toEqual(groups);
  });

  test('Branches in no group come last in a group without caption', () => {
    const groups = groupBranches(allBranches, branchGroups);
    expect(groups.at(-1)).toMatchObject({ id: null, caption: '' });
    expect(names(groups.at(-1)!.cities)).toEqual([['Oulu', ['Keskusta']]]);
  });

  test('Without ungrouped branches there is no group without caption', () => {
    const groups = groupBranches([tampereKeskusta], branchGroups);
    expect(groups.map((group) => group.caption)).toEqual(['Pirkanmaa']);
  });

  test('A city is listed only if it has enabled branches', () => {
    const groups = groupBranches(allBranches, branchGroups);
    const cities = groups.flatMap((group) => group.cities.map((city) => city.city));
    expect(cities).not.toContain('Turku');
    expect(groups.map((group) => group.caption)).not.toContain('Varsinais-Suomi');
  });

  test('Every listed city has an enabled branch, so enabled cities come first', () => {
    const groups = groupBranches(allBranches, branchGroups);
    for (const city of groups.flatMap((group) => group.cities)) {
      expect(city.enabledBranches.length).toBeGreaterThan(0);
    }
  });

  test('A listed city keeps its disabled branches, and knows which are enabled', () => {
    const [helsinki] = groupBranches([helsinkiKamppi, helsinkiArabia], []).flatMap((g) => g.cities);
    expect(helsinki!.branches).toEqual([helsinkiArabia, helsinkiKamppi]);
    expect(helsinki!.enabledBranches).toEqual([helsinkiKamppi]);
  });

  test('Branches within a city are sorted by name in Finnish order', () => {
    const branches = [
      branch(1, 'Östersundom', 'Helsinki'),
      branch(2, 'Ääninen', 'Helsinki'),
      branch(3, 'Zeta', 'Helsinki'),
      branch(4, 'Åbo', 'Helsinki'),
      branch(5, 'Vuosaari', 'Helsinki'),
    ];
    const [helsinki] = groupBranches(branches, []).flatMap((group) => group.cities);
    expect(helsinki!.branches.map((b) => b.Name)).toEqual([
      'Vuosaari',
      'Zeta',
      'Åbo',
      'Ääninen',
      'Östersundom',
    ]);
    expect(compareFi('Ä', 'Z')).toBeGreaterThan(0);
  });

  test('Cities within a group are sorted by name', () => {
    const branches = [
      branch(1, 'A', 'Vantaa'),
      branch(2, 'B', 'Espoo'),
      branch(3, 'C', 'Helsinki'),
    ];
    const [group] = groupBranches(branches, []);
    expect(group!.cities.map((city) => city.city)).toEqual(['Espoo', 'Helsinki', 'Vantaa']);
  });
});

describe('visibility', () => {
  const [helsinki] = groupBranches([helsinkiKamppi, helsinkiItakeskus, helsinkiArabia], []).flatMap(
    (group) => group.cities,
  );
  const [espoo] = groupBranches([espooTapiola], []).flatMap((group) => group.cities);

  test('The city row is shown when grouping is on, and only then', () => {
    expect(isCityRowVisible({ grouping: true })).toBe(true);
    expect(isCityRowVisible({ grouping: false })).toBe(false);
  });

  test('Branches under a city are shown when grouping is off', () => {
    expect(areCityBranchesVisible(espoo!, { grouping: false, selectedBranchIds: [] })).toBe(true);
  });

  test('Branches under a city are shown when it has more than one enabled branch', () => {
    expect(areCityBranchesVisible(helsinki!, { grouping: true, selectedBranchIds: [] })).toBe(true);
  });

  test('The single branch of a city is hidden while grouping, unless it is selected', () => {
    expect(areCityBranchesVisible(espoo!, { grouping: true, selectedBranchIds: [] })).toBe(false);
    expect(areCityBranchesVisible(espoo!, { grouping: true, selectedBranchIds: [5] })).toBe(true);
  });

  test('A disabled branch does not count towards "more than one enabled branch"', () => {
    const [city] = groupBranches([helsinkiKamppi, helsinkiArabia], []).flatMap((g) => g.cities);
    expect(areCityBranchesVisible(city!, { grouping: true, selectedBranchIds: [] })).toBe(false);
    expect(areCityBranchesVisible(city!, { grouping: true, selectedBranchIds: [8] })).toBe(false);
  });
});

describe('rows', () => {
  const groups = groupBranches([helsinkiKamppi, helsinkiItakeskus, espooTapiola], []);
  const base = { selectedBranchIds: [], locationEnabled: false, geolocationSupported: false };

  test('With grouping, rows are the group caption, city rows and the visible branches', () => {
    const rows = branchPickerRows(groups, { ...base, grouping: true });
    expect(rows.map((row) => [row.kind, 'value' in row ? row.value : row.caption])).toEqual([
      ['group', ''],
      ['city', 'Espoo'],
      ['city', 'Helsinki'],
      ['branch', '4'],
      ['branch', '3'],
    ]);
  });

  test('Without grouping every branch is a row and no city row is shown', () => {
    const rows = branchPickerRows(groups, { ...base, grouping: false });
    expect(rows.filter((row) => row.kind === 'city')).toEqual([]);
    expect(rows.filter((row) => row.kind === 'branch')).toHaveLength(3);
  });

  test('A disabled branch row is marked disabled', () => {
    const rows = branchPickerRows(groupBranches([helsinkiKamppi, helsinkiArabia], []), {
      ...base,
      grouping: false,
    });
    expect(rows.find((row) => row.kind === 'branch' && row.branch.Id === 8)).toMatchObject({
      disabled: true,
    });
    expect(rows.find((row) => row.kind === 'branch' && row.branch.Id === 3)).toMatchObject({
      disabled: false,
    });
  });

  test.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
  ])(
    'With location use %s and geolocation support %s the closest entry is shown: %s',
    (locationEnabled, geolocationSupported, shown) => {
      const rows = branchPickerRows(groups, {
        ...base,
        grouping: true,
        locationEnabled,
        geolocationSupported,
      });
      expect(rows[0]?.kind === 'closest').toBe(shown);
      if (shown) expect(rows[0]).toMatchObject({ labelKey: 'reservation.closestBranch' });
    },
  );
});

describe('picker state', () => {
  test('The picker is disabled until a reason is chosen, with the choose-reason placeholder', () => {
    expect(branchPickerState({ reasonChosen: false, reasonOptional: false })).toEqual({
      disabled: true,
      placeholderKey: 'reservation.chooseReasonFirst',
    });
  });

  test('Once a reason is chosen the picker is enabled with the select-from-list placeholder', () => {
    expect(branchPickerState({ reasonChosen: true, reasonOptional: false })).toEqual({
      disabled: false,
      placeholderKey: 'reservation.selectFromList',
    });
  });

  test('When the reason is optional the picker is enabled before a reason', () => {
    expect(branchPickerState({ reasonChosen: false, reasonOptional: true })).toEqual({
      disabled: false,
      placeholderKey: 'reservation.selectFromList',
    });
  });
});

describe('selection', () => {
  test('Choosing a city selects all of its enabled branches', () => {
    expect(selectCity(allBranches, 'Helsinki')).toEqual({ branchIds: [4, 3], city: 'Helsinki' });
  });

  test('Choosing a city without enabled branches selects nothing', () => {
    expect(selectCity(allBranches, 'Turku')).toBeNull();
  });

  test('Choosing a branch id selects that branch', () => {
    expect(selectBranch(allBranches, 6)).toEqual({ branchIds: [6], city: 'Tampere' });
    expect(selectBranch(allBranches, 999)).toBeNull();
  });

  test('A picker value of digits is a branch id, anything else a city', () => {
    expect(selectionFromValue(allBranches, '9')).toEqual({ branchIds: [9], city: 'Oulu' });
    expect(selectionFromValue(allBranches, 'Espoo')).toEqual({ branchIds: [5], city: 'Espoo' });
    expect(selectionFromValue(allBranches, 'closest')).toBeNull();
  });

  test('The picker value is the branch id for one branch and the city for several', () => {
    expect(pickerValue({ branchIds: [6], city: 'Tampere' })).toBe('6');
    expect(pickerValue({ branchIds: [4, 3], city: 'Helsinki' })).toBe('Helsinki');
    expect(pickerValue(null)).toBe('');
    expect(pickerValue({ branchIds: [], city: 'Helsinki' })).toBe('');
  });

  test('A single-branch city chosen as a city gives the branch id as value', () => {
    expect(pickerValue(selectCity(allBranches, 'Oulu'))).toBe(String(ouluKeskusta.Id));
    expect(pickerValue(selectCity(allBranches, 'Tampere'))).toBe(String(tampereKeskusta.Id));
  });
});
