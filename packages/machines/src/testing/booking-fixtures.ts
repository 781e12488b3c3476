import type { Schemas } from '@portal/sdk';
import type { BookingPerson } from '../booking/family.ts';
import type { BookingDetails } from '../booking/validate-details.ts';

export const TODAY = '2026-12-01';

export const privateCustomer = { id: 'private', identifierRequired: false } as const;
export const voucherCustomer = { id: 'serviceVoucher', identifierRequired: true } as const;
export const commitmentCustomer = { id: 'paymentCommitment', identifierRequired: true } as const;
/** The customer types the first step offers (`customerType.offer`). */
export const offeredTypes = [privateCustomer, voucherCustomer, commitmentCustomer];

export function reason(
  id: number,
  overrides: Partial<Schemas['BookingReason']> = {},
): Schemas['BookingReason'] {
  return {
    id,
    name: `Reason ${id}`,
    description: 'A reason',
    customerTypes: ['private', 'serviceVoucher', 'paymentCommitment'],
    durationMinutes: 30,
    price: 79,
    priceDetails: null,
    branchOptional: false,
    requiresStaffDescription: false,
    employeeTitles: ['dentist'],
    ...overrides,
  };
}

export const checkUp = reason(7);
export const toothache = reason(12, { requiresStaffDescription: true });
export const privateOnly = reason(20, { customerTypes: ['private'] });

export const voucherResult: Schemas['VoucherCheckResult'] = {
  identifier: 'PSV-2026-004512',
  customerType: 'serviceVoucher',
  valid: true,
  issuer: 'Esimerkkimaan hyvinvointialue',
  validUntil: '2027-03-31',
  reasonIds: [7, 12],
};

export const campaignResult: Schemas['CampaignCodeCheckResult'] = {
  code: 'HYMY10',
  valid: true,
  description: '10 % off',
  discountPercent: 10,
};

export const aino: Schemas['Employee'] = {
  Id: 41,
  Name: 'Aino Virtanen',
  Image: null,
  Enabled: true,
  JobTitles: { fi: 'Hammaslääkäri', sv: 'Tandläkare', en: 'Dentist' },
  Branches: [3, 4],
};

export const ville: Schemas['Employee'] = { ...aino, Id: 42, Name: 'Ville Ahonen' };

export function slot(date = '2026-12-02', hour = '09'): Schemas['Slot'] {
  return {
    key: `3=41=7=${date}T${hour}:00:00+02:00=${date}T${hour}:30:00+02:00`,
    branchId: 3,
    resourceId: 41,
    reasonId: 7,
    employeeId: 41,
    employeeName: 'Aino Virtanen',
    startTime: `${date}T${hour}:00:00+02:00`,
    endTime: `${date}T${hour}:30:00+02:00`,
    price: 79,
    canModify: true,
    modifiableUntil: `${date}T${hour}:00:00+02:00`.replace(date, previousDay(date)),
    branchPhone: '010 555 1021',
  };
}

/** The day before a `YYYY-MM-DD` date. */
function previousDay(date: string): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export function daySlots(
  date: string,
  previousDateWithSlots: string | null,
  nextDateWithSlots: string | null,
): Schemas['DaySlots'] {
  return { date, previousDateWithSlots, nextDateWithSlots, slots: [slot(date)] };
}

export function monthAvailability(month: string): Schemas['MonthAvailability'] {
  return { month, days: [{ date: `${month}-02`, freeSlots: 3 }] };
}

/** The server's hold of a slot, as `createSlotHold` answers. */
export function heldSlot(chosen: Schemas['Slot'], secondsLeft = 600): Schemas['SlotHold'] {
  return {
    id: `hold-${chosen.startTime.replace(/\D/g, '').slice(0, 12)}-aaaaaaaaaaaaaaaa`,
    slotKey: chosen.key,
    startTime: chosen.startTime,
    endTime: chosen.endTime,
    expiresAt: '2026-12-01T10:10:00+02:00',
    secondsLeft,
  };
}

export const validDetails: BookingDetails = {
  firstName: 'Maija',
  lastName: 'Meikäläinen',
  email: 'maija@example.com',
  phone: '+358 40 123 4567',
  ssn: '',
  street: 'Esimerkkitie 12 B 7',
  postalCode: '00510',
  city: 'Helsinki',
  descriptionForStaff: '',
};

export function reservation(chosen: Schemas['Slot']): Schemas['Reservation'] {
  return {
    id: 1024,
    status: 'confirmed',
    group: 'future',
    branch: {
      id: 3,
      name: 'Kamppi',
      street: 'Esimerkkikatu 5 A',
      postalCode: '00100',
      city: 'Helsinki',
      phone: '09 1234 5670',
    },
    reason: { id: 7, name: 'Dental check-up' },
    employee: { id: 41, name: 'Aino Virtanen' },
    startTime: chosen.startTime,
    endTime: chosen.endTime,
    price: 79,
    customerType: 'private',
    voucherIdentifier: null,
    campaignCode: null,
    descriptionForStaff: null,
    customer: {
      firstName: 'Maija',
      lastName: 'Meikäläinen',
      email: 'maija@example.com',
      phone: '+358 40 123 4567',
      ssn: null,
      street: 'Esimerkkitie 12 B 7',
      postalCode: '00510',
      city: 'Helsinki',
    },
    modifiableUntil: '2026-12-01T09:00:00+02:00',
    canModify: true,
    createdAt: '2026-11-20T14:05:00+02:00',
    hiddenFromGuardians: false,
  };
}

/** A family (issue 55): the guardian and two children, each bookable. */
export const guardian: BookingPerson = {
  id: 2000,
  relation: 'self',
  firstName: 'Pekka',
  lastName: 'Perhe',
  age: 41,
  ssn: '030485-915X',
};
export const child7: BookingPerson = {
  id: 2001,
  relation: 'child',
  firstName: 'Aino',
  lastName: 'Perhe',
  age: 7,
  ssn: '120519A906W',
};
export const child15: BookingPerson = {
  id: 2002,
  relation: 'child',
  firstName: 'Eetu',
  lastName: 'Perhe',
  age: 15,
  ssn: '010911A9019',
};
export const family = [guardian, child7, child15];

/** The half hour after `slot(date, hour)` with the same practitioner (back to back). */
export function nextSlot(chosen: Schemas['Slot']): Schemas['Slot'] {
  const date = chosen.startTime.slice(0, 10);
  const hour = chosen.startTime.slice(11, 13);
  const after = String(Number(hour) + 1).padStart(2, '0');
  const startTime = `${date}T${hour}:30:00+02:00`;
  const endTime = `${date}T${after}:00:00+02:00`;
  return { ...chosen, key: `3=41=7=${startTime}=${endTime}`, startTime, endTime };
}

/** A family's hold of its times (the first is `slotKey`). */
export function familyHeld(times: readonly Schemas['Slot'][]): Schemas['SlotHold'] {
  const [first, ...others] = times as [Schemas['Slot'], ...Schemas['Slot'][]];
  return { ...heldSlot(first), familySlotKeys: others.map((other) => other.key) };
}

/** A family booking of these times for these persons. */
export function familyBookingOf(
  times: readonly Schemas['Slot'][],
  persons: readonly BookingPerson[],
): Schemas['FamilyBooking'] {
  return {
    id: 'fb-6Hq2Lr8Xw1Zt5Nc3Vb7K',
    reservations: times.map((time, index) => ({
      ...reservation(time),
      id: 1024 + index,
      customer: {
        ...reservation(time).customer,
        firstName: persons[index]?.firstName ?? '',
        lastName: persons[index]?.lastName ?? '',
      },
      familyBookingId: 'fb-6Hq2Lr8Xw1Zt5Nc3Vb7K',
    })),
  };
}
