import { describe, expect, test } from 'vitest';
import { securityHeaders } from './security-headers.ts';

describe('the security headers', () => {
  test('allow scripts from this origin and by hash only, never inline or eval', () => {
    const csp = securityHeaders({ scriptHashes: ['sha256-abc='] })['content-security-policy'];
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  test('name an API on another origin for calls and images, and for nothing else', () => {
    const csp = securityHeaders({ apiOrigin: 'https://api.example.fi' })['content-security-policy'];
    const directives = new Map(
      (csp ?? '').split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    const naming = [...directives].filter(([, values]) =>
      values.includes('https://api.example.fi'),
    );
    expect(naming.map(([name]) => name).sort()).toEqual(['connect-src', 'img-src']);
  });

  test('give the position to this origin only, deny framing, and leave HSTS to HTTPS', () => {
    const headers = securityHeaders();
    expect(headers['permissions-policy']).toMatch(/^geolocation=\(self\), camera=\(\)/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined();
  });
});
