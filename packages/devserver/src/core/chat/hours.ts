import type { Schemas } from '@portal/sdk';
import {
  addDaysToDate,
  helsinkiDate,
  helsinkiInstant,
  isoWeekday,
  toHelsinkiIso,
} from '../clock.ts';
import type { DevState } from '../state.ts';

/** The chat's opening hours (spec §1, §9): weekdays 8–16 in Helsinki, 16:00 itself closed. */
export const CHAT_HOURS: Schemas['ChatHours'] = {
  timezone: 'Europe/Helsinki',
  weekdays: [1, 2, 3, 4, 5],
  opens: '08:00',
  closes: '16:00',
};

/** Whether the opening hours cover the instant (the `chat-closed` scenario aside). */
export function withinChatHours(instantMs: number): boolean {
  const date = helsinkiDate(instantMs);
  if (!CHAT_HOURS.weekdays.includes(isoWeekday(date))) return false;
  return (
    helsinkiInstant(date, CHAT_HOURS.opens).getTime() <= instantMs &&
    instantMs < helsinkiInstant(date, CHAT_HOURS.closes).getTime()
  );
}

/** The first opening strictly after the instant (over weekends and clock changes). */
export function nextChatOpening(instantMs: number): number {
  const today = helsinkiDate(instantMs);
  for (let days = 0; days <= 7; days++) {
    const date = addDaysToDate(today, days);
    if (!CHAT_HOURS.weekdays.includes(isoWeekday(date))) continue;
    const opens = helsinkiInstant(date, CHAT_HOURS.opens).getTime();
    if (opens > instantMs) return opens;
  }
  throw new Error('the chat never opens');
}

/** Whether conversations can be started and messages sent now, by the state's clock. */
export function isChatOpen(state: DevState): boolean {
  return !state.settings.scenarios['chat-closed'] && withinChatHours(state.clock.nowMs());
}

/**
 * The chat's state now. Closed (by the hours or by the `chat-closed` scenario): `opensAt` is the
 * next regular opening after now. Open: `closesAt` is today's closing.
 */
export function getChatStatus(state: DevState): Schemas['ChatStatus'] {
  const now = state.clock.nowMs();
  const open = isChatOpen(state);
  return {
    open,
    opensAt: open ? null : toHelsinkiIso(nextChatOpening(now)),
    closesAt: open ? toHelsinkiIso(helsinkiInstant(helsinkiDate(now), CHAT_HOURS.closes)) : null,
    hours: { ...CHAT_HOURS, weekdays: [...CHAT_HOURS.weekdays] },
    free: true,
  };
}
