import type { BookingChoices, BookingStep } from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { dataOf, type Api } from '../../../shared/api.tsx';
import {
  branchesQueryOptions,
  employeesQueryOptions,
  reasonsQueryOptions,
} from '../../../shared/resources.ts';

/** What the booking offers today, to check a past visit's choices against. */
export interface BookingOffer {
  customerTypes: readonly Schemas['CustomerType'][];
  reasons: readonly Schemas['BookingReason'][];
  branches: readonly Schemas['Branch'][];
  employees: readonly Schemas['Employee'][];
}

/**
 * A past visit's choices as the wizard's answers (issue 36 item 7): the same customer type,
 * service, clinic and practitioner, each only if the booking still offers it, and the step to
 * land on: the time for a private customer with all three; a voucher or commitment goes through
 * the customer-type step (its identifier is checked again, and may be used up); anything no longer
 * offered is left for the patient to choose, on the first step that needs it.
 */
export function bookAgainChoices(
  reservation: Schemas['Reservation'],
  offer: BookingOffer,
): { step: BookingStep; choices: Partial<BookingChoices> } {
  const type = offer.customerTypes.find(({ id }) => id === reservation.customerType);
  if (type === undefined) return { step: 'customerType', choices: {} };
  const reason = offer.reasons.find(({ id }) => id === reservation.reason.id) ?? null;
  const branch = offer.branches.find(({ Id, Enabled }) => Id === reservation.branch.id && Enabled);
  const employee = offer.employees.find(({ Id }) => Id === reservation.employee?.id) ?? null;
  const choices: Partial<BookingChoices> = {
    customerType: { id: type.id, identifierRequired: type.identifierRequired },
    voucherIdentifier: type.identifierRequired ? (reservation.voucherIdentifier ?? '') : '',
    reason,
    branch: branch ? { branchIds: [branch.Id], city: branch.Address.City } : null,
    // The practitioner only where they still work at that clinic.
    employee:
      employee !== null && branch !== undefined && employee.Branches.includes(branch.Id)
        ? employee
        : null,
  };
  return { step: type.identifierRequired ? 'customerType' : 'slot', choices };
}

/** Reads the past visit and today's offer, and answers its choices; null when it cannot be read. */
export async function loadBookAgain(
  queryClient: QueryClient,
  { $api, client }: Pick<Api, '$api' | 'client'>,
  reservationId: number,
): Promise<{ step: BookingStep; choices: Partial<BookingChoices> } | null> {
  let reservation: Schemas['Reservation'];
  try {
    reservation = dataOf(
      await client.GET('/api/reservations/{id}', { params: { path: { id: reservationId } } }),
    );
  } catch {
    // Not the patient's, gone, or signed out: the booking starts from its first step.
    return null;
  }
  const [customerTypes, reasons, branches, employees] = await Promise.all([
    queryClient.fetchQuery($api.queryOptions('get', '/api/customer-types')),
    queryClient.fetchQuery(reasonsQueryOptions($api, reservation.customerType)),
    queryClient.fetchQuery(branchesQueryOptions($api)),
    queryClient.fetchQuery(employeesQueryOptions($api)),
  ]);
  return bookAgainChoices(reservation, { customerTypes, reasons, branches, employees });
}
