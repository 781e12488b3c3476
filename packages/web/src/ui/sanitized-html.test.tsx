import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { SanitizedHtml } from './sanitized-html.tsx';

function renderHtml(html: string): HTMLElement {
  const { container } = render(<SanitizedHtml html={html} data-testid="body" />);
  const body = container.firstElementChild;
  if (!(body instanceof HTMLElement)) throw new Error('Nothing rendered');
  return body;
}

describe('SanitizedHtml', () => {
  test('keeps ordinary formatting, lists and links', () => {
    const body = renderHtml(
      '<p>Open <strong>weekdays</strong></p><ul><li>One</li></ul><a href="https://example.com/a">Read</a>',
    );
    expect(body.querySelector('strong')).toHaveTextContent('weekdays');
    expect(body.querySelectorAll('li')).toHaveLength(1);
    expect(body.querySelector('a')).toHaveAttribute('href', 'https://example.com/a');
  });

  test('removes a script element and keeps the text around it', () => {
    const body = renderHtml('<p>Before</p><script>window.hacked = true</script><p>After</p>');
    expect(body.querySelector('script')).toBeNull();
    expect(body.innerHTML).not.toContain('hacked');
    expect(body).toHaveTextContent('BeforeAfter');
  });

  test('removes an onerror handler but keeps the image', () => {
    const body = renderHtml('<img src="/missing.jpg" onerror="alert(1)" alt="Open doors">');
    const image = body.querySelector('img');
    expect(image).toHaveAttribute('alt', 'Open doors');
    expect(image).not.toHaveAttribute('onerror');
  });

  test('removes a javascript: URL from a link', () => {
    const body = renderHtml('<a href="javascript:alert(1)">Click</a>');
    const link = body.querySelector('a');
    expect(link).toHaveTextContent('Click');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
  });

  test('passes other attributes to the wrapper', () => {
    const body = renderHtml('<p>Text</p>');
    expect(body).toHaveAttribute('data-testid', 'body');
  });
});
