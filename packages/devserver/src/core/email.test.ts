import { describe, expect, test } from 'vitest';
import { isValidEmail } from './email.ts';

describe('email addresses', () => {
  test('An email needs a name, an @ and a domain with a dot', () => {
    expect(isValidEmail('maija@example.fi')).toBe(true);
    expect(isValidEmail('maija.meikalainen+ajat@hammas.example.fi')).toBe(true);
    expect(isValidEmail('maija@localhost')).toBe(false);
    expect(isValidEmail('maija example.fi')).toBe(false);
    expect(isValidEmail('@example.fi')).toBe(false);
  });

  test('Angle brackets, quotes, display names and control characters are refused', () => {
    for (const bad of [
      'maija<script>@example.fi',
      '"maija"@example.fi',
      'Maija <maija@example.fi>',
      'maija@exa<mple.fi',
      'maija\u0000@example.fi',
      'maija@[127.0.0.1]',
      `${'a'.repeat(250)}@example.fi`,
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});
