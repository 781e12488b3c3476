import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { HtmlField } from './html-field.tsx';
import { renderWithI18n } from './test-utils.tsx';

function Editor({ initial = '', error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <HtmlField
      label="Body"
      required
      error={error}
      value={value}
      onChange={setValue}
      previewLabel="Preview"
      emptyPreview="Nothing to preview yet"
    />
  );
}

describe('HtmlField', () => {
  test('the preview follows the typed HTML', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Editor />);
    const preview = screen.getByRole('group', { name: 'Preview' });
    expect(preview).toHaveTextContent('Nothing to preview yet');
    await user.type(screen.getByRole('textbox', { name: 'Body' }), '<p>Hello <strong>all</strong>');
    expect(within(preview).getByText('all').tagName).toBe('STRONG');
  });

  test('the preview shows the HTML without its script', () => {
    renderWithI18n(<Editor initial={'<p>Safe</p><script>window.bad = 1</script>'} />);
    const preview = screen.getByRole('group', { name: 'Preview' });
    expect(preview).toHaveTextContent('Safe');
    expect(preview.querySelector('script')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveValue(
      '<p>Safe</p><script>window.bad = 1</script>',
    );
  });

  test('an error marks the source field invalid and is shown beneath it', () => {
    renderWithI18n(<Editor error="Fill the field" />);
    const field = screen.getByRole('textbox', { name: 'Body' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Fill the field/);
  });
});
