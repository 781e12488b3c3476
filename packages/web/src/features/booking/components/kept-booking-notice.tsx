import type { Schemas } from '@portal/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { longDay } from '../../../shared/calendar-days.ts';
import { splitLanguagePrefix, useLanguage } from '../../../shared/language.ts';
import { useBranches, useReasons, type CustomerTypeId } from '../../../shared/resources.ts';
import { formatHelsinki, helsinkiDay } from '../../../shared/time.ts';
import { NotificationBox } from '../../../ui/index.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';
import { loadChoices } from '../api/wizard-storage.ts';
import { HoldCountdown } from './slot-hold-notice.tsx';

/** A booking left for the terms gate: its service, its time and the time's hold. */
export interface KeptBooking {
  customerType: CustomerTypeId | null;
  reason: Schemas['BookingReason'] | null;
  slot: Schemas['Slot'];
  /** The hold of that time, if the wizard held it. */
  hold: Schemas['SlotHold'] | null;
}

/**
 * The booking under way when the terms gate stands on one of its steps (issue 54: a first-time
 * patient logs in at the details step): the wizard's stored choices once a time is chosen; null
 * on any other page, or before a time. Read once: the gate keeps its page.
 */
export function useKeptBooking(): KeptBooking | null {
  const [location] = useLocation();
  const [kept] = useState(() => {
    const { rest } = splitLanguagePrefix(location);
    if (rest !== '/reservation' && !rest.startsWith('/reservation/')) return null;
    const choices = loadChoices();
    const slot = choices?.slot ?? null;
    if (slot === null) return null;
    const hold = choices?.hold ?? null;
    return {
      customerType: choices?.customerType?.id ?? null,
      reason: choices?.reason ?? null,
      slot,
      hold: hold !== null && hold.slotKey === slot.key ? hold : null,
    };
  });
  return kept;
}

/**
 * On the terms gate, over a booking (issue 54): the booking is kept, what it is, how long its time
 * is still held (the server's count, as on the booking's own steps). The gate's main action says
 * the rest: accept and continue the booking.
 */
export function KeptBookingNotice({ booking }: { booking: KeptBooking }) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const language = useLanguage();
  const branches = useBranches();
  const [holdEnded, setHoldEnded] = useState(false);
  const { customerType, reason, slot, hold } = booking;
  // The service's name in the page's language (the choice was stored in the language it was
  // made in).
  const reasons = useReasons(customerType);
  const service = reasons.data?.find((candidate) => candidate.id === reason?.id)?.name;
  const branch = branches.data?.find((candidate) => candidate.Id === slot.branchId);
  const when = `${longDay(helsinkiDay(slot.startTime), language)} ${formatHelsinki(slot.startTime, 'time')}`;
  const what = [service ?? reason?.name, branch?.Name, when]
    .filter((part) => part !== undefined)
    .join(', ');
  return (
    <NotificationBox variant="informative" role="none" title={t('kept.title')}>
      <p className="font-semibold text-slate-900">{what}</p>
      {hold !== null && !holdEnded && (
        <div className="mt-1">
          <HoldCountdown hold={hold} onEnded={() => setHoldEnded(true)} inline />
        </div>
      )}
      {holdEnded && <p className="mt-1">{t('kept.holdEnded')}</p>}
    </NotificationBox>
  );
}
