import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import {
  allBranches,
  branchGroups,
  espooTapiola,
  helsinkiItakeskus,
  helsinkiKamppi,
  tampereKeskusta,
} from '../testing/branches.ts';
import {
  clinicListSections,
  foldForSearch,
  matchesWordStart,
  type ClinicListOptions,
  type ClinicSection,
} from './clinic-list.ts';

const base: ClinicListOptions = {
  branches: allBranches,
  groups: branchGroups,
  selectedBranchIds: [],
  query: '',
  ownBranchId: null,
  position: null,
  employee: null,
  canLocate: false,
};

/** Each section as a line a reader can check: its kind or caption and its rows. */
function outline(sections: ClinicSection[]): string[] {
  return sections.map((section) => {
    switch (section.kind) {
      case 'closest':
        return 'closest';
      case 'region':
        return `${section.caption}: ${section.rows
          .map((row) => (row.kind === 'city' ? `[${row.city}]` : row.branch.Name))
          .join(', ')}`;
      default:
        return `${section.kind}: ${section.clinics
          .map(({ branch, km }) => (km === null ? branch.Name : `${branch.Name} ${km.toFixed(1)}`))
          .join(', ')}`;
    }
  });
}

describe('the search finds a word by its start', () => {
  test('"kamp" and "helsinki ka" find Helsinki Kamppi, "ppi" does not', () => {
    expect(matchesWordStart('Helsinki Kamppi', 'kamp')).toBe(true);
    expect(matchesWordStart('Helsinki Kamppi', 'KA')).toBe(true);
    expect(matchesWordStart('Helsinki Kamppi', 'helsinki ka')).toBe(true);
    expect(matchesWordStart('Helsinki Kamppi', 'ppi')).toBe(false);
    expect(matchesWordStart('Helsinki Kamppi', '  ')).toBe(true);
  });

  test('case and accents do not matter', () => {
    expect(foldForSearch('  Hämeenlinna   Keskusta ')).toBe('hameenlinna keskusta');
    expect(matchesWordStart('Hämeenlinna', 'hameen')).toBe(true);
    expect(matchesWordStart('Åbo', 'abo')).toBe(true);
    expect(matchesWordStart('Tampere (Hervanta)', 'herv')).toBe(true);
  });
});

describe('the list before anything is typed', () => {
  test('the region and the city with the most open clinics come first, not the first names', () => {
    // Uusimaa has three open clinics, Pirkanmaa one, the ungrouped Oulu one; Helsinki two.
    expect(outline(clinicListSections(base))).toEqual([
      'Uusimaa: [Helsinki], Arabia, Itäkeskus, Kamppi, [Espoo]',
      'Pirkanmaa: [Tampere]',
      ': [Oulu]',
    ]);
  });

  test("the own clinic first, then its region; a chosen city's only clinic shows", () => {
    const sections = clinicListSections({
      ...base,
      ownBranchId: tampereKeskusta.Id,
      selectedBranchIds: [tampereKeskusta.Id],
    });
    expect(outline(sections)).toEqual([
      'own: Keskusta',
      'Pirkanmaa: [Tampere], Keskusta',
      'Uusimaa: [Helsinki], Arabia, Itäkeskus, Kamppi, [Espoo]',
      ': [Oulu]',
    ]);
  });

  test('with a position: the three nearest by distance, the nearest region and city first', () => {
    const sections = clinicListSections({
      ...base,
      // Kamppi's own doorstep.
      position: { latitude: 60.1687, longitude: 24.9316 },
      canLocate: true,
    });
    expect(outline(sections)).toEqual([
      'closest',
      'nearest: Kamppi 0.0, Tapiola 7.0, Itäkeskus 9.5',
      'Uusimaa: [Helsinki], Arabia, Itäkeskus, Kamppi, [Espoo]',
      'Pirkanmaa: [Tampere]',
      ': [Oulu]',
    ]);
  });

  test('the own clinic is not repeated among the nearest', () => {
    const sections = clinicListSections({
      ...base,
      ownBranchId: helsinkiKamppi.Id,
      position: { latitude: 60.1687, longitude: 24.9316 },
    });
    expect(outline(sections).slice(0, 2)).toEqual([
      'own: Kamppi 0.0',
      'nearest: Tapiola 7.0, Itäkeskus 9.5, Keskusta 160.8',
    ]);
  });

  test("the practitioner chosen first: their open clinics first (spec §4's reordering)", () => {
    const employee = {
      Id: 1,
      Name: 'Iida Salonen',
      Branches: [espooTapiola.Id, helsinkiItakeskus.Id, 8],
    } as Schemas['Employee'];
    const sections = clinicListSections({ ...base, employee });
    // Arabia (8) is closed: not offered.
    expect(outline(sections)[0]).toBe('employee: Itäkeskus, Tapiola');
  });
});

describe('the list while typing', () => {
  test('"Kamp" finds Kamppi alone, with no shortcuts', () => {
    const sections = clinicListSections({
      ...base,
      query: 'Kamp',
      ownBranchId: tampereKeskusta.Id,
      canLocate: true,
    });
    expect(outline(sections)).toEqual(['Uusimaa: Kamppi']);
  });

  test('a city finds its row and its clinics; a one-clinic city shows as its row', () => {
    expect(outline(clinicListSections({ ...base, query: 'helsinki' }))).toEqual([
      'Uusimaa: [Helsinki], Arabia, Itäkeskus, Kamppi',
    ]);
    expect(outline(clinicListSections({ ...base, query: 'tamp' }))).toEqual([
      'Pirkanmaa: [Tampere]',
    ]);
    // "Keskusta" is the name of Tampere's and Oulu's only clinics.
    expect(outline(clinicListSections({ ...base, query: 'keskusta' }))).toEqual([
      'Pirkanmaa: [Tampere]',
      ': [Oulu]',
    ]);
  });

  test("a city's other name finds it (Helsingfors), and nothing found is an empty list", () => {
    const cityNames = (city: string) => (city === 'Helsinki' ? ['Helsingfors'] : []);
    expect(outline(clinicListSections({ ...base, query: 'helsingf', cityNames }))).toEqual([
      'Uusimaa: [Helsinki], Arabia, Itäkeskus, Kamppi',
    ]);
    expect(clinicListSections({ ...base, query: 'Rovaniemi' })).toEqual([]);
  });
});
