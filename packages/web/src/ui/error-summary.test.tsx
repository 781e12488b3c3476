import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ErrorSummary, focusField, type ErrorSummaryItem } from './error-summary.tsx';
import { RadioGroup } from './radio-group.tsx';
import { renderWithI18n } from './test-utils.tsx';
import { TextField } from './text-field.tsx';

/** A form of a text field and a radio group that refuses an empty submit. */
function Form({ onSubmitted }: { onSubmitted?: () => void }) {
  const [name, setName] = useState('');
  const [choice, setChoice] = useState('');
  const [submits, setSubmits] = useState(0);
  const [shown, setShown] = useState(false);
  const nameError = shown && name === '' ? 'Fill in the field' : undefined;
  const choiceError = shown && choice === '' ? 'Choose an answer' : undefined;
  const items: ErrorSummaryItem[] = [];
  if (nameError) items.push({ target: 'name', label: 'Name', message: nameError });
  if (choiceError) items.push({ target: 'smoker', label: 'Do you smoke?', message: choiceError });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setShown(true);
        setSubmits((count) => count + 1);
        onSubmitted?.();
      }}
    >
      <ErrorSummary items={items} focusKey={submits} />
      <TextField
        id="name"
        label="Name"
        required
        value={name}
        error={nameError}
        onChange={(e) => setName(e.target.value)}
      />
      <RadioGroup
        id="smoker"
        label="Do you smoke?"
        required
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        value={choice}
        error={choiceError}
        onValueChange={setChoice}
      />
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(() => {
  document.title = '';
});

describe('ErrorSummary', () => {
  test('shows nothing while the form has no problem', () => {
    renderWithI18n(<ErrorSummary items={[]} focusKey={0} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a refused submit shows a titled summary, moves focus to it and marks the page title', async () => {
    const user = userEvent.setup();
    document.title = 'Health form';
    renderWithI18n(<Form />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const summary = screen
      .getByRole('heading', { name: 'There is a problem' })
      .closest('[tabindex="-1"]');
    expect(summary).toHaveFocus();
    // The alert is an inner element, not the focused box: the summary is heard once.
    expect(screen.getByRole('alert')).not.toBe(summary);
    expect(screen.getByRole('alert')).toHaveTextContent('Name: Fill in the field');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Name: Fill in the field',
      'Do you smoke? Choose an answer',
    ]);
    expect(links[0]).toHaveAttribute('href', '#name');
    expect(document.title).toBe('Error: Health form');
  });

  test('each link focuses its field: a text input, or the first radio of a group', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Form />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('link', { name: 'Name: Fill in the field' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Do you smoke? Choose an answer' }));
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus();
  });

  test('fixed fields leave the summary; when all are fixed it goes and the title is restored', async () => {
    const user = userEvent.setup();
    document.title = 'Health form';
    renderWithI18n(<Form />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Maija');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    // Correcting a field does not pull the focus back to the summary.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toBe('Health form');
  });

  test('every refused submit brings the focus back to the summary', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Form />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('link', { name: 'Name: Fill in the field' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByRole('heading', { name: 'There is a problem' }).closest('[tabindex="-1"]'),
    ).toHaveFocus();
  });

  test('a problem of no field shows without links, with its own title, in Finnish', () => {
    renderWithI18n(
      <ErrorSummary items={[]} focusKey={1}>
        Tallennus epäonnistui.
      </ErrorSummary>,
      { lng: 'fi' },
    );
    expect(screen.getByRole('heading', { name: 'Korjaa nämä kohdat' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Tallennus epäonnistui.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  test('focusField scrolls the label into view before focusing without a second scroll', () => {
    renderWithI18n(<TextField id="email" label="Email" value="" onChange={() => undefined} />);
    const label = screen.getByText('Email');
    const scroll = vi.fn();
    label.scrollIntoView = scroll;
    const input = screen.getByRole('textbox', { name: 'Email' });
    const focus = vi.spyOn(input, 'focus');
    expect(focusField('email')).toBe(true);
    expect(scroll).toHaveBeenCalledWith({ block: 'start' });
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(focusField('missing')).toBe(false);
  });
});
