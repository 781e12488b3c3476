// Session
export { LOGIN_PATH, STORAGE_KEYS, sessionMachine } from './session/session.machine.ts';
export type {
  SessionContext,
  SessionEvent,
  SessionMachine,
  StorageKey,
  User,
} from './session/session.machine.ts';
export { refreshSession } from './session/refresh-session.ts';
export type { SessionActor } from './session/refresh-session.ts';
export { PUBLIC_PATHS, isPublicPath } from './session/public-paths.ts';

// Idle logout
export {
  IDLE_ACTIVITY_EVENTS,
  IDLE_TIMEOUT_MS,
  idleLogoutMachine,
} from './idle/idle-logout.machine.ts';
export type {
  ActivityKind,
  IdleLogoutEvent,
  IdleLogoutMachine,
} from './idle/idle-logout.machine.ts';

// Booking wizard
export {
  bookingMachine,
  bookingView,
  isPhoneNew,
  willSaveBookedPhone,
} from './booking/booking.machine.ts';
export { CONTACT_FIELDS, contactOffer } from './booking/contact.ts';
export type { BookingContact, ContactField } from './booking/contact.ts';
export type {
  BookingContext,
  BookingErrorKey,
  BookingEvent,
  BookingFieldErrorKey,
  BookingFieldErrors,
  BookingInput,
  BookingMachine,
  BookingView,
} from './booking/booking.machine.ts';
export {
  BOOKING_STEPS,
  MissingChoiceError,
  availabilityFilters,
  isFamilyBooking,
  isStepReachable,
  reservationCreateRequest,
  restorableStep,
} from './booking/booking-choices.ts';
export { FAMILY_MAX, bookablePersons } from './booking/family.ts';
export type { BookingPerson } from './booking/family.ts';
export { familyTimes } from './booking/family-times.ts';
export type { FamilyTime } from './booking/family-times.ts';
export type {
  BookingChoices,
  BookingAddress,
  BookingProfile,
  BookingStep,
  ChosenCustomerType,
} from './booking/booking-choices.ts';
export { codeWayForward } from './booking/code-problems.ts';
export type {
  BookingCodeProblem,
  CodeField,
  CodeProblemKey,
  CodeWayForward,
} from './booking/code-problems.ts';
export {
  EMPTY_DETAILS,
  areDetailsValid,
  isValidEmail,
  isValidFinnishPhone,
  validateDetails,
} from './booking/validate-details.ts';
export type {
  BookingDetails,
  DetailsErrors,
  DetailsField,
  ValidationKey,
} from './booking/validate-details.ts';

// Slot picking (the booking wizard's slot step and rescheduling)
export { addMonths, monthOf } from './slots/dates.ts';
export type {
  AvailabilityFilters,
  DayDirection,
  DayQuery,
  MonthQuery,
} from './slots/availability.ts';
export { slotPickerMachine } from './slots/slot-picker.machine.ts';
export type {
  SlotPickerChangedEvent,
  SlotPickerContext,
  SlotPickerEvent,
  SlotPickerInput,
  SlotPickerMachine,
  SlotPickerOutput,
} from './slots/slot-picker.machine.ts';
export { rescheduleMachine } from './slots/reschedule.machine.ts';
export type {
  MoveRequest,
  RescheduleContext,
  RescheduleEvent,
  RescheduleInput,
  RescheduleMachine,
} from './slots/reschedule.machine.ts';

// Profile
export {
  CONFIRM_DELETE_KEY,
  FRONT_PAGE_PATH,
  REDIRECT_COUNTDOWN_SECONDS,
  profileMachine,
} from './profile/profile.machine.ts';
export type {
  ProfileContext,
  ProfileErrorKey,
  ProfileEvent,
  ProfileInput,
  ProfileMachine,
  ProfileMode,
} from './profile/profile.machine.ts';
export { PROFILE_RETURN_PATHS, profileRedirectTarget } from './profile/redirect-target.ts';
export type { CurrentLocation } from './profile/redirect-target.ts';

// Coupon redemption
export {
  COUPON_REDEEM_FAILED,
  couponRedemptionMachine,
} from './coupon/coupon-redemption.machine.ts';
export type {
  CouponRedemptionContext,
  CouponRedemptionEvent,
  CouponRedemptionMachine,
} from './coupon/coupon-redemption.machine.ts';

// Pickers
export {
  CLOSEST_BRANCH_VALUE,
  areCityBranchesVisible,
  branchPickerRows,
  branchPickerState,
  compareFi,
  groupBranches,
  ownRegionFirst,
  isCityRowVisible,
  pickerValue,
  selectBranch,
  selectCity,
  selectionFromValue,
} from './pickers/branch-picker.ts';
export type {
  BranchGroupOption,
  BranchPickerPlaceholderKey,
  BranchPickerRow,
  BranchPickerRowsOptions,
  BranchSelection,
  CityOption,
} from './pickers/branch-picker.ts';
export {
  EARTH_RADIUS_KM,
  GEOLOCATION_OPTIONS,
  closestBranch,
  distanceKm,
} from './pickers/closest-branch.ts';
export type { Coordinates } from './pickers/closest-branch.ts';
export {
  NEAREST_CLINICS,
  clinicListSections,
  foldForSearch,
  matchesWordStart,
  orderRegions,
} from './pickers/clinic-list.ts';
export type { ClinicEntry, ClinicListOptions, ClinicSection } from './pickers/clinic-list.ts';
export {
  EMPLOYEE_SEARCH_DEBOUNCE_MS,
  earliestFirstFree,
  employeesOfBranches,
  employeesWhoPerform,
  filterEmployees,
  firstFreeById,
  matchesNamePrefix,
  orderBranchesForEmployee,
} from './pickers/employee-picker.ts';
export type { FirstFree } from './pickers/employee-picker.ts';
export { employeePickerMachine } from './pickers/employee-picker.machine.ts';
export type {
  EmployeePickerContext,
  EmployeePickerEvent,
  EmployeePickerMachine,
} from './pickers/employee-picker.machine.ts';

// Shared
export { NotProvidedError } from './shared/not-provided.ts';
export type { Message } from './shared/message.ts';
export { LANGUAGES } from './shared/paths.ts';
export type { Language } from './shared/paths.ts';
