import { describe, expect, test } from 'vitest';
import { placeName } from './place-names.ts';

describe('place names', () => {
  test('Swedish writes the established Swedish names', () => {
    expect(placeName('Helsinki', 'sv')).toBe('Helsingfors');
    expect(placeName('Espoo', 'sv')).toBe('Esbo');
    expect(placeName('Turku', 'sv')).toBe('Åbo');
    expect(placeName('Vaasa', 'sv')).toBe('Vasa');
    expect(placeName('Tampere', 'sv')).toBe('Tammerfors');
    expect(placeName(' Oulu ', 'sv')).toBe('Uleåborg');
  });

  test('a name without a Swedish form stays, and Finnish and English keep the given name', () => {
    expect(placeName('Kuopio', 'sv')).toBe('Kuopio');
    expect(placeName('Jyväskylä', 'sv')).toBe('Jyväskylä');
    expect(placeName('Helsinki', 'fi')).toBe('Helsinki');
    expect(placeName('Turku', 'en')).toBe('Turku');
  });
});
