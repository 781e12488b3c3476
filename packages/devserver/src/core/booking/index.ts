/** The booking area's public API for transports, the dev server's banner and benchmarks. */
export {
  monthAvailability,
  daySlots,
  checkSlot,
  type AvailabilityFilters,
} from './availability.ts';
export { listCustomerTypes, listReasons } from './catalog.ts';
export { checkCampaignCode, checkVoucher } from './codes.ts';
export {
  cancelReservation,
  confirmReservation,
  createReservation,
  getReservation,
  listReservations,
  listVisitHistory,
  moveReservation,
  storeReservation,
} from './reservations.ts';
export { bookingSeedFacts, describeBookingSeed, type BookingSeedFacts } from './facts.ts';
export { SEEDED_RESERVATION_IDS } from './seed.ts';
