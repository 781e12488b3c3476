import type { Schemas } from '@portal/sdk';

type Branch = Schemas['Branch'];

export function branch(
  id: number,
  name: string,
  city: string,
  options: { enabled?: boolean; lat?: number; lon?: number } = {},
): Branch {
  return {
    Id: id,
    Name: name,
    Enabled: options.enabled ?? true,
    Address: { Street: `${name} street 1`, PostalCode: '00100', City: city },
    Latitude: options.lat ?? 60,
    Longitude: options.lon ?? 25,
  };
}

export const helsinkiKamppi = branch(3, 'Kamppi', 'Helsinki', { lat: 60.1687, lon: 24.9316 });
export const helsinkiItakeskus = branch(4, 'Itäkeskus', 'Helsinki', { lat: 60.2101, lon: 25.0818 });
export const helsinkiArabia = branch(8, 'Arabia', 'Helsinki', {
  enabled: false,
  lat: 60.209,
  lon: 24.976,
});
export const espooTapiola = branch(5, 'Tapiola', 'Espoo', { lat: 60.1756, lon: 24.8049 });
export const tampereKeskusta = branch(6, 'Keskusta', 'Tampere', { lat: 61.4978, lon: 23.761 });
export const turkuDisabled = branch(7, 'Kauppatori', 'Turku', {
  enabled: false,
  lat: 60.4518,
  lon: 22.2666,
});
export const ouluKeskusta = branch(9, 'Keskusta', 'Oulu', { lat: 65.0121, lon: 25.4651 });

export const allBranches: Branch[] = [
  helsinkiKamppi,
  helsinkiItakeskus,
  helsinkiArabia,
  espooTapiola,
  tampereKeskusta,
  turkuDisabled,
  ouluKeskusta,
];

export const branchGroups: Schemas['BranchGroup'][] = [
  { id: 2, caption: 'Pirkanmaa', branches: [6] },
  { id: 1, caption: 'Uusimaa', branches: [3, 4, 5, 8] },
  { id: 3, caption: 'Varsinais-Suomi', branches: [7] },
];
