import type { Schemas } from '@portal/sdk';

interface BankSeed {
  id: number;
  name: string;
  /** Short label on the logo. */
  label: string;
  colour: string;
}

/** The banks of the simulated identity broker, in display order. */
const banks: readonly BankSeed[] = [
  { id: 1, name: 'OP', label: 'OP', colour: '#ff6a10' },
  { id: 2, name: 'Nordea', label: 'Nordea', colour: '#0000a0' },
  { id: 3, name: 'Danske Bank', label: 'Danske', colour: '#003755' },
  { id: 4, name: 'S-Pankki', label: 'S-Pankki', colour: '#00843d' },
  { id: 5, name: 'Aktia', label: 'Aktia', colour: '#00818a' },
  { id: 6, name: 'Säästöpankki', label: 'Säästö', colour: '#c8102e' },
  { id: 7, name: 'Ålandsbanken', label: 'Ålands', colour: '#004a87' },
];

/** A plain logo (the bank's colour and name) as a self-contained `data:` URL. */
function logo(bank: BankSeed): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="56" viewBox="0 0 160 56">` +
    `<rect width="160" height="56" rx="10" fill="${bank.colour}"/>` +
    `<text x="80" y="35" font-family="Arial,Helvetica,sans-serif" font-size="20" font-weight="700" ` +
    `fill="#ffffff" text-anchor="middle">${bank.label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function listBanks(): Schemas['AuthBank'][] {
  return banks.map((bank) => ({ id: bank.id, name: bank.name, logoUrl: logo(bank) }));
}

export function findBank(id: number): Schemas['AuthBank'] | null {
  return listBanks().find((bank) => bank.id === id) ?? null;
}
