import { describe, expect, test } from 'vitest';
import { secondsLeftAt } from './slot-hold-notice.tsx';

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
});
