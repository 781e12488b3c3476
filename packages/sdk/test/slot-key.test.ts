import { describe, expect, test } from 'vitest';
import {
  InvalidSlotKeyError,
  parseSlotKey,
  serializeSlotKey,
  type SlotKeyParts,
} from '../src/index.ts';

const parts: SlotKeyParts = {
  branchId: 3,
  resourceId: 41,
  reasonId: 7,
  startTime: '2026-12-01T09:00:00+02:00',
  endTime: '2026-12-01T09:30:00+02:00',
};

describe('slot keys', () => {
  test('the five values are joined by "=" in spec order', () => {
    expect(serializeSlotKey(parts)).toBe(
      '3=41=7=2026-12-01T09:00:00+02:00=2026-12-01T09:30:00+02:00',
    );
  });

  test('a serialized key parses back into the same parts', () => {
    expect(parseSlotKey(serializeSlotKey(parts))).toEqual(parts);
  });

  test.each([
    ['too few values', '3=41=7=2026-12-01T09:00:00+02:00'],
    ['too many values', '3=41=7=2026-12-01T09:00:00+02:00=2026-12-01T09:30:00+02:00=x'],
    ['a non-numeric id', 'a=41=7=2026-12-01T09:00:00+02:00=2026-12-01T09:30:00+02:00'],
    ['a zero id', '3=0=7=2026-12-01T09:00:00+02:00=2026-12-01T09:30:00+02:00'],
    ['a negative id', '3=41=-7=2026-12-01T09:00:00+02:00=2026-12-01T09:30:00+02:00'],
    [
      'an unsafe id',
      '3=41=99999999999999999999=2026-12-01T09:00:00+02:00=2026-12-01T09:30:00+02:00',
    ],
    ['a date without time', '3=41=7=2026-12-01=2026-12-01T09:30:00+02:00'],
    ['an impossible date', '3=41=7=2026-13-41T09:00:00+02:00=2026-12-01T09:30:00+02:00'],
    ['an end before the start', '3=41=7=2026-12-01T09:30:00+02:00=2026-12-01T09:00:00+02:00'],
    ['an empty key', ''],
  ])('%s is refused', (_name, key) => {
    expect(() => parseSlotKey(key)).toThrow(InvalidSlotKeyError);
  });

  test('serializing refuses parts that could not be parsed back', () => {
    expect(() => serializeSlotKey({ ...parts, branchId: 1.5 })).toThrow(InvalidSlotKeyError);
    expect(() => serializeSlotKey({ ...parts, startTime: 'tomorrow' })).toThrow(
      InvalidSlotKeyError,
    );
    expect(() => serializeSlotKey({ ...parts, endTime: parts.startTime })).toThrow(
      InvalidSlotKeyError,
    );
  });
});
