import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { latestAddress } from './own-reservations.ts';

function reservation(createdAt: string, street: string, city = 'Helsinki'): Schemas['Reservation'] {
  return {
    createdAt,
    customer: { street, postalCode: '00100', city },
  } as Schemas['Reservation'];
}

describe('the previous booking’s address', () => {
  test('is the one of the booking made last, whatever its tab', () => {
    expect(
      latestAddress([
        reservation('2026-10-01T09:00:00Z', 'Vanhakatu 1'),
        reservation('2026-11-20T09:00:00Z', 'Uusikatu 2', 'Espoo'),
        reservation('2026-11-01T09:00:00Z', 'Välikatu 3'),
      ]),
    ).toEqual({ street: 'Uusikatu 2', postalCode: '00100', city: 'Espoo' });
  });

  test('skips a booking without a street, and is null for a first booking', () => {
    expect(
      latestAddress([
        reservation('2026-10-01T09:00:00Z', 'Vanhakatu 1'),
        reservation('2026-11-20T09:00:00Z', '  '),
      ]),
    ).toMatchObject({ street: 'Vanhakatu 1' });
    expect(latestAddress([])).toBeNull();
  });
});
