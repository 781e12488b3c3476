import {
  KeptBookingNotice,
  useKeptBooking,
} from '../features/booking/components/kept-booking-notice.tsx';
import { FirstLoginProfile } from '../features/profile/components/first-login-profile.tsx';

/**
 * The terms gate (the FIRST_LOGIN profile form, spec §2) with, when it stands on a step of a
 * booking under way, that booking and its held time (issue 54: a first-time patient who logs in
 * while booking is back on the booking as soon as the terms are accepted). The two features meet
 * here, in the app (decision 008: features do not import each other).
 */
export function TermsGate() {
  const kept = useKeptBooking();
  return (
    <FirstLoginProfile booking={kept === null ? undefined : <KeptBookingNotice booking={kept} />} />
  );
}
