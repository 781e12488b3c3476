import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import fi from '../booking-steps/locales/fi.json';
import { STEP_TEXTS } from '../api/step-texts.ts';
import { secondsLeftAt, timeLeft } from './slot-hold-notice.tsx';

describe('the hold’s countdown', () => {
  test('counts whole seconds down from the server’s count, to 0', () => {
    expect(secondsLeftAt(600, 1_000, 1_000)).toBe(600);
    expect(secondsLeftAt(600, 1_000, 1_999)).toBe(600);
    expect(secondsLeftAt(600, 1_000, 2_000)).toBe(599);
    expect(secondsLeftAt(600, 1_000, 1_000 + 700_000)).toBe(0);
  });

  test('never shows more than the server’s count when the page’s now is from before the answer', () => {
    // The countdown's clock was read as it mounted; the answer came 300 ms later.
    expect(secondsLeftAt(600, 1_300, 1_000)).toBe(600);
  });

  test('says a whole minute without its seconds: "10 min", never "10 min 0 s"', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'fi', resources: { fi: { 'booking-steps': fi } } });
    const t = i18n.getFixedT('fi', STEP_TEXTS);
    expect(timeLeft(600, t)).toBe('10 min');
    expect(timeLeft(599, t)).toBe('9 min 59 s');
    expect(timeLeft(60, t)).toBe('1 min');
    expect(timeLeft(41, t)).toBe('41 s');
  });
});
