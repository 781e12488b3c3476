import { describe, expect, test } from 'vitest';
import { formatHelsinki, shortDateTime } from '../../../shared/time.ts';
import { openingMoment, shortHour, weekdayNames } from './chat-time.ts';
import { mergeMessages, type ChatMessage } from './get-conversation.ts';

describe('chat times', () => {
  test('dates and times are Helsinki local, across the change to winter time', () => {
    expect(formatHelsinki('2026-10-24T22:30:00Z', 'date')).toBe('25.10.2026');
    expect(shortDateTime('2026-12-01T07:05:00Z', new Date('2026-12-01T12:00:00Z'))).toBe('09:05');
    expect(shortDateTime('2026-11-30T07:05:00Z', new Date('2026-12-01T12:00:00Z'))).toBe(
      '30.11.2026 09:05',
    );
  });

  test('opening hours read as a weekday run and whole hours', () => {
    expect(weekdayNames([1, 2, 3, 4, 5], 'en')).toBe('Mon–Fri');
    expect(weekdayNames([1, 2, 3, 4, 5], 'fi')).toBe('ma–pe');
    expect(weekdayNames([1, 3], 'en')).toBe('Mon, Wed');
    expect(shortHour('08:00')).toBe('8');
    expect(shortHour('16:30')).toBe('16.30');
  });

  test('the next opening names the weekday', () => {
    expect(openingMoment('2026-12-07T08:00:00+02:00', 'en')).toEqual({
      day: 'Monday 7.12.2026',
      time: '08:00',
    });
  });

  test('an opening on a calendar day is its midnight; an unreadable one gives empty texts', () => {
    expect(openingMoment('2026-12-07', 'en')).toEqual({ day: 'Monday 7.12.2026', time: '00:00' });
    expect(openingMoment('soon', 'fi')).toEqual({ day: '', time: '' });
  });
});

describe('live messages', () => {
  const message = (id: number, text = `m${id}`): ChatMessage => ({
    id,
    sender: 'patient',
    senderName: null,
    text,
    sentAt: '2026-12-01T09:00:00+02:00',
  });

  test('messages from the stream and from a refetch merge by id, oldest first', () => {
    expect(
      mergeMessages([message(1), message(3)], [message(2), message(3, 'again')]).map((m) => [
        m.id,
        m.text,
      ]),
    ).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, 'again'],
    ]);
  });
});
