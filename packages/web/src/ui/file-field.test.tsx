import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { FileField, formatFileSize, MEGABYTE, validateFile } from './file-field.tsx';
import { renderWithI18n } from './test-utils.tsx';

function file(name: string, type: string, size: number): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('validateFile', () => {
  test('accepts a jpg or png of at most 2 MB', () => {
    const rules = { accept: '.jpg,.jpeg,.png,image/jpeg,image/png', maxBytes: 2 * MEGABYTE };
    expect(validateFile(file('a.png', 'image/png', 2 * MEGABYTE), rules)).toBeNull();
    expect(validateFile(file('a.JPG', '', 1000), rules)).toBeNull();
  });

  test('refuses a file that is too large or of another type', () => {
    const rules = { accept: 'image/png', maxBytes: 2 * MEGABYTE };
    expect(validateFile(file('a.png', 'image/png', 2 * MEGABYTE + 1), rules)).toBe('too-large');
    expect(validateFile(file('a.gif', 'image/gif', 10), rules)).toBe('wrong-type');
    expect(validateFile(file('a.webp', 'image/webp', 10), { accept: 'image/*' })).toBeNull();
  });

  test('formats sizes with the locale decimal separator', () => {
    expect(formatFileSize(1.5 * MEGABYTE, 'fi')).toBe('1,5 MB');
    expect(formatFileSize(1.5 * MEGABYTE, 'en')).toBe('1.5 MB');
    expect(formatFileSize(2048, 'en')).toBe('2 kB');
  });
});

describe('FileField', () => {
  test('shows the chosen file name and reports the file', async () => {
    const user = userEvent.setup();
    const onFileChange = vi.fn();
    renderWithI18n(
      <FileField
        label="Image"
        accept="image/png,image/jpeg"
        maxBytes={2 * MEGABYTE}
        onFileChange={onFileChange}
      />,
    );
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    const chosen = file('smile.png', 'image/png', 1.5 * MEGABYTE);
    await user.upload(screen.getByLabelText('Image'), chosen);
    expect(onFileChange).toHaveBeenCalledWith(chosen, null);
    expect(screen.getByText('Chosen file: smile.png (1.5 MB)')).toBeInTheDocument();
    expect(screen.getByLabelText('Image')).toBeValid();
  });

  test('a too large file gets a translated error beneath the field', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onFileChange = vi.fn();
    renderWithI18n(
      <FileField
        label="Kuva"
        accept="image/png"
        maxBytes={2 * MEGABYTE}
        onFileChange={onFileChange}
      />,
      { lng: 'fi' },
    );
    await user.upload(screen.getByLabelText('Kuva'), file('big.png', 'image/png', 3 * MEGABYTE));
    expect(onFileChange).toHaveBeenCalledWith(expect.any(File), 'too-large');
    expect(screen.getByLabelText('Kuva')).toBeInvalid();
    expect(
      screen.getByText('Tiedosto on liian suuri. Suurin sallittu koko on 2 MB.'),
    ).toBeInTheDocument();
  });

  test('a file of another type gets an error naming the allowed types', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithI18n(<FileField label="Image" accept=".jpg,.png" onFileChange={vi.fn()} />);
    await user.upload(screen.getByLabelText('Image'), file('doc.pdf', 'application/pdf', 100));
    expect(screen.getByLabelText('Image')).toHaveAccessibleDescription(
      'Error: This file type is not allowed. Allowed types: .jpg,.png.',
    );
  });

  test("the caller's error wins over the kit's own", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithI18n(
      <FileField label="Image" maxBytes={10} error="Saving failed" onFileChange={vi.fn()} />,
    );
    await user.upload(screen.getByLabelText('Image'), file('a.png', 'image/png', 100));
    expect(screen.getByText('Saving failed')).toBeInTheDocument();
  });
});
