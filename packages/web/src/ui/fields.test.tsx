import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { DateField } from './date-field.tsx';
import { Field } from './field.tsx';
import { SelectField } from './select-field.tsx';
import { renderWithI18n } from './test-utils.tsx';
import { TextArea } from './text-area.tsx';
import { TextField } from './text-field.tsx';

describe('Field and TextField', () => {
  test('the label names the input and typing reaches it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithI18n(<TextField label="Email" type="email" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input.className).toContain('min-h-input');
    await user.type(input, 'a@b.fi');
    expect(input).toHaveValue('a@b.fi');
    expect(onChange).toHaveBeenCalled();
  });

  test('a required field shows a red asterisk, a spoken "required" and aria-required, without browser validation', () => {
    renderWithI18n(<TextField label="Phone" required />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toBeRequired();
    expect(input).not.toHaveAttribute('required');
    const asterisk = screen.getByText('*');
    expect(asterisk).toHaveAttribute('aria-hidden', 'true');
    expect(asterisk.className).toContain('text-red-700');
    expect(screen.getByText('(required)')).toHaveClass('sr-only');
  });

  test('the required text is translated', () => {
    renderWithI18n(<TextField label="Puhelin" required />, { lng: 'fi' });
    expect(screen.getByText('(pakollinen)')).toBeInTheDocument();
  });

  test('an error marks the input invalid and is shown beneath it as its description', () => {
    renderWithI18n(
      <TextField
        label="Email"
        hint="We send the confirmation here."
        error="Please fill this field"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription(
      'We send the confirmation here. Error: Please fill this field',
    );
    expect(screen.getByText('Please fill this field')).toBeVisible();
  });

  test('without an error the input is valid and only the hint describes it', () => {
    renderWithI18n(<TextField label="Email" hint="We send the confirmation here." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeValid();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('We send the confirmation here.');
  });

  test('Field hands its ids and aria attributes to any control', () => {
    renderWithI18n(
      <Field label="Campaign code" error="Unknown code" required>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Campaign code' });
    expect(input).toBeInvalid();
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('Error: Unknown code');
  });
});

describe('TextArea', () => {
  test('is a labelled multi-line box with the shared error handling', async () => {
    const user = userEvent.setup();
    renderWithI18n(<TextArea label="Feedback" required error="Feedback is required" />);
    const box = screen.getByRole('textbox', { name: 'Feedback' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toBeInvalid();
    expect(box).toBeRequired();
    await user.type(box, 'Great service{Enter}Thank you');
    expect(box).toHaveValue('Great service\nThank you');
  });
});

describe('DateField', () => {
  function Example() {
    const [value, setValue] = useState('');
    return <DateField label="Date of the event" value={value} onChange={setValue} showFormatted />;
  }

  test('is a labelled native date input that reports yyyy-MM-dd and shows d.M.yyyy', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Example />);
    const input = screen.getByLabelText('Date of the event');
    expect(input).toHaveAttribute('type', 'date');
    await user.type(input, '2026-03-05');
    expect(input).toHaveValue('2026-03-05');
    expect(screen.getByText('5.3.2026')).toBeInTheDocument();
  });

  test('shows an error beneath it', () => {
    renderWithI18n(
      <DateField label="Date" value="" onChange={vi.fn()} error="Fill the field" required />,
    );
    const input = screen.getByLabelText('Date');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Error: Fill the field');
  });
});

describe('SelectField', () => {
  function Example({ onChange }: { onChange: (value: string) => void }) {
    const [value, setValue] = useState('');
    return (
      <SelectField
        label="Office"
        required
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        options={[
          { value: 'b1', label: 'Kamppi' },
          { label: 'Tampere', options: [{ value: 'b2', label: 'Keskusta' }] },
        ]}
      />
    );
  }

  test('starts on a translated placeholder and reports the chosen value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithI18n(<Example onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Office' });
    expect(screen.getByRole('option', { name: 'Select from the list' })).toBeDisabled();
    expect(select).toBeRequired();
    await user.selectOptions(select, 'Keskusta');
    expect(onChange).toHaveBeenCalledWith('b2');
    expect(select).toHaveValue('b2');
    expect(screen.getByRole('group', { name: 'Tampere' })).toBeInTheDocument();
  });

  test('can do without a placeholder and shows errors like the other fields', () => {
    renderWithI18n(
      <SelectField
        label="Language"
        value="fi"
        onChange={vi.fn()}
        placeholder={false}
        error="Choose an office"
        options={[
          { value: 'fi', label: 'Suomi' },
          { value: 'en', label: 'English' },
        ]}
      />,
    );
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInvalid();
    expect(screen.getByText('Choose an office')).toBeInTheDocument();
  });
});
