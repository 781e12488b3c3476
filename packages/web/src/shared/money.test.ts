import { describe, expect, test } from 'vitest';
import { formatPrice } from './money.ts';

describe('money', () => {
  test('euros are written the way each language writes them', () => {
    // Intl separates the amount and the sign with a no-break space.
    expect(formatPrice(79, 'fi').replace(/\s/g, ' ')).toBe('79,00 €');
    expect(formatPrice(1234.5, 'sv').replace(/\s/g, ' ')).toBe('1 234,50 €');
    expect(formatPrice(79, 'en')).toBe('€79.00');
  });
});
