import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { Checkbox, type CheckedState } from './checkbox.tsx';
import { RadioGroup } from './radio-group.tsx';
import { renderWithI18n } from './test-utils.tsx';

function CheckboxExample({
  initial = false as CheckedState,
  error,
}: {
  initial?: CheckedState;
  error?: string;
}) {
  const [checked, setChecked] = useState<CheckedState>(initial);
  return (
    <Checkbox
      label="I accept the terms"
      required
      checked={checked}
      onCheckedChange={setChecked}
      error={error}
    />
  );
}

describe('Checkbox', () => {
  test('toggles with a click on the box, a click on its label and the Space key', async () => {
    const user = userEvent.setup();
    renderWithI18n(<CheckboxExample />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByText('I accept the terms'));
    expect(box).not.toBeChecked();
    box.focus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
  });

  test('shows the indeterminate state as mixed and becomes checked when pressed', async () => {
    const user = userEvent.setup();
    renderWithI18n(<CheckboxExample initial="indeterminate" />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box).toHaveAttribute('aria-checked', 'mixed');
    expect(box).toBePartiallyChecked();
    await user.click(box);
    expect(box).toBeChecked();
  });

  test('is required and shows its error beneath it', () => {
    renderWithI18n(
      <CheckboxExample error="You have to accept the terms and privacy policies to continue." />,
    );
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box).toBeRequired();
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription(
      'Error: You have to accept the terms and privacy policies to continue.',
    );
  });

  test('a disabled checkbox cannot be changed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithI18n(<Checkbox label="SMS" checked={false} onCheckedChange={onChange} disabled />);
    await user.click(screen.getByRole('checkbox', { name: 'SMS' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('RadioGroup', () => {
  function Example({ error }: { error?: string }) {
    const [value, setValue] = useState<string>('');
    return (
      <RadioGroup
        label="How often do you brush your teeth?"
        required
        error={error}
        value={value}
        onValueChange={setValue}
        options={[
          { value: 'twice', label: 'Twice a day or more' },
          { value: 'once', label: 'Once a day', description: 'Morning or evening' },
          { value: 'less', label: 'Less than once a day' },
        ]}
      />
    );
  }

  test('is a radio group named by its question', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Example />);
    const group = screen.getByRole('radiogroup', { name: 'How often do you brush your teeth?' });
    expect(group).toBeRequired();
    await user.click(screen.getByRole('radio', { name: 'Once a day' }));
    expect(screen.getByRole('radio', { name: 'Once a day' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Once a day' })).toHaveAccessibleDescription(
      'Morning or evening',
    );
  });

  test('arrow keys move between the options and choose them', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Example />);
    await user.click(screen.getByRole('radio', { name: 'Twice a day or more' }));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Once a day' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Once a day' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Less than once a day' })).toBeChecked(),
    );
    expect(screen.getByRole('radio', { name: 'Twice a day or more' })).not.toBeChecked();
  });

  test('the options share one name, so the group is one tab stop', () => {
    renderWithI18n(<Example />);
    const names = screen.getAllByRole('radio').map((radio) => radio.getAttribute('name'));
    expect(new Set(names).size).toBe(1);
  });

  test('shows its error beneath the options', () => {
    renderWithI18n(<Example error="Please fill this field" />);
    const group = screen.getByRole('radiogroup', { name: 'How often do you brush your teeth?' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Error: Please fill this field');
  });
});
