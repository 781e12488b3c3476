import type { AnyStateMachine } from 'xstate';
import { bookingMachine } from '../booking/booking.machine.ts';
import { couponRedemptionMachine } from '../coupon/coupon-redemption.machine.ts';
import { idleLogoutMachine } from '../idle/idle-logout.machine.ts';
import { employeePickerMachine } from '../pickers/employee-picker.machine.ts';
import { profileMachine } from '../profile/profile.machine.ts';
import { sessionMachine } from '../session/session.machine.ts';
import { rescheduleMachine } from '../slots/reschedule.machine.ts';
import { slotPickerMachine } from '../slots/slot-picker.machine.ts';

/** The machines whose transition tables the README carries, by README section name. */
export const DOCUMENTED_MACHINES = {
  session: sessionMachine,
  idleLogout: idleLogoutMachine,
  booking: bookingMachine,
  slotPicker: slotPickerMachine,
  reschedule: rescheduleMachine,
  profile: profileMachine,
  couponRedemption: couponRedemptionMachine,
  employeePicker: employeePickerMachine,
} satisfies Record<string, AnyStateMachine>;
