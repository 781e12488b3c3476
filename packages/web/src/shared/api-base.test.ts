import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseApiBase, readApiBase, resolveApiUrl } from './api-base.ts';
import { createAppServices } from '../app/services.ts';

describe('the API base a deployment writes into its pages', () => {
  afterEach(() => {
    document.head.querySelector('meta[name="portal-api"]')?.remove();
    vi.restoreAllMocks();
  });

  test('an empty or missing tag means this page’s own origin', () => {
    expect(readApiBase()).toBe('');
    const meta = Object.assign(document.createElement('meta'), { name: 'portal-api', content: '' });
    document.head.append(meta);
    expect(readApiBase()).toBe('');
    meta.content = 'https://api.klinikka.example/';
    expect(readApiBase()).toBe('https://api.klinikka.example');
  });

  test('an origin, with a path prefix if it has one, loses its trailing slash', () => {
    expect(parseApiBase(' https://api.klinikka.example:8443 ')).toBe(
      'https://api.klinikka.example:8443',
    );
    expect(parseApiBase('http://127.0.0.1:3000/portal//')).toBe('http://127.0.0.1:3000/portal');
  });

  test('anything else is reported and the page’s own origin is used', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const value of ['api.klinikka.example', 'ftp://api.example', 'https://a.example/?x=1']) {
      expect(parseApiBase(value)).toBe('');
    }
    expect(error).toHaveBeenCalledTimes(3);
    expect(error.mock.calls[0]?.[0]).toContain('api.klinikka.example');
  });

  test('the API’s root-relative image URLs are served by the API host', () => {
    const base = 'https://api.klinikka.example';
    expect(resolveApiUrl(base, '/images/employees/3.svg')).toBe(
      'https://api.klinikka.example/images/employees/3.svg',
    );
    expect(resolveApiUrl('', '/api/images/a.png')).toBe('/api/images/a.png');
    for (const kept of ['https://cdn.example/a.png', '//cdn.example/a.png', 'data:image/png;x']) {
      expect(resolveApiUrl(base, kept)).toBe(kept);
    }
    expect(createAppServices({ baseUrl: base }).assetUrl('/api/images/a.png')).toBe(
      'https://api.klinikka.example/api/images/a.png',
    );
    expect(createAppServices().assetUrl('/api/images/a.png')).toBe('/api/images/a.png');
  });
});
