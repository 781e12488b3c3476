import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { bookAgainChoices, type BookingOffer } from './book-again.ts';
import { bookAgainIdOf } from './step-paths.ts';

const branch = (Id: number, City: string, Enabled = true) =>
  ({ Id, Name: `Clinic ${Id}`, Enabled, Address: { City } }) as Schemas['Branch'];
const employee = (Id: number, Branches: number[]): Schemas['Employee'] => ({
  Id,
  Name: `Venla Mäkinen ${Id}`,
  Image: null,
  Enabled: true,
  JobTitles: { fi: 'Hammaslääkäri', sv: 'Tandläkare', en: 'Dentist' },
  Branches,
});
const reason = (id: number) => ({ id, name: `Service ${id}` }) as Schemas['BookingReason'];
const type = (id: Schemas['CustomerTypeId'], identifierRequired: boolean) =>
  ({
    id,
    name: id,
    description: '',
    identifierRequired,
    identifierLabel: null,
  }) as Schemas['CustomerType'];

const offer: BookingOffer = {
  customerTypes: [type('private', false), type('serviceVoucher', true)],
  reasons: [reason(7), reason(12)],
  branches: [branch(3, 'Helsinki'), branch(6, 'Tampere'), branch(7, 'Turku', false)],
  employees: [employee(21, [3]), employee(22, [6])],
};

function visit(change: Partial<Schemas['Reservation']> = {}): Schemas['Reservation'] {
  return {
    id: 101,
    customerType: 'private',
    voucherIdentifier: null,
    reason: { id: 7, name: 'Service 7' },
    branch: { id: 3, name: 'Clinic 3' },
    employee: { id: 21, name: 'Venla Mäkinen' },
    ...change,
  } as Schemas['Reservation'];
}

describe('book again', () => {
  test('a private visit goes to the time with its service, clinic and practitioner', () => {
    expect(bookAgainChoices(visit(), offer)).toEqual({
      step: 'slot',
      choices: {
        customerType: { id: 'private', identifierRequired: false },
        voucherIdentifier: '',
        reason: reason(7),
        branch: { branchIds: [3], city: 'Helsinki' },
        employee: employee(21, [3]),
      },
    });
  });

  test('a voucher visit keeps its number and starts at the customer type, to be checked again', () => {
    const again = bookAgainChoices(
      visit({ customerType: 'serviceVoucher', voucherIdentifier: 'PSV-2026-004512' }),
      offer,
    );
    expect(again.step).toBe('customerType');
    expect(again.choices).toMatchObject({
      customerType: { id: 'serviceVoucher', identifierRequired: true },
      voucherIdentifier: 'PSV-2026-004512',
      reason: reason(7),
    });
  });

  test('what is no longer offered is left to choose: the service, a closed clinic, a practitioner elsewhere', () => {
    expect(
      bookAgainChoices(visit({ reason: { id: 99, name: 'Gone' } }), offer).choices.reason,
    ).toBeNull();
    const closed = bookAgainChoices(
      visit({ branch: { id: 7 } as Schemas['ReservationBranch'] }),
      offer,
    );
    expect(closed.choices.branch).toBeNull();
    expect(closed.choices.employee).toBeNull();
    const moved = bookAgainChoices(
      visit({ employee: { id: 22, name: 'Elsewhere' } as Schemas['ReservationEmployee'] }),
      offer,
    );
    expect(moved.choices.branch).toEqual({ branchIds: [3], city: 'Helsinki' });
    expect(moved.choices.employee).toBeNull();
    expect(bookAgainChoices(visit({ employee: null }), offer).choices.employee).toBeNull();
  });

  test('a customer type no longer offered starts from the beginning', () => {
    expect(bookAgainChoices(visit({ customerType: 'paymentCommitment' }), offer)).toEqual({
      step: 'customerType',
      choices: {},
    });
  });

  test('the query names a positive whole id, or nothing', () => {
    expect(bookAgainIdOf('?again=101')).toBe(101);
    expect(bookAgainIdOf('again=101&customerType=private')).toBe(101);
    for (const search of ['', '?again=', '?again=abc', '?again=-1', '?again=1.5', '?again=0']) {
      expect(bookAgainIdOf(search)).toBeNull();
    }
  });
});
