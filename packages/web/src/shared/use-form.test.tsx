import { ApiError, BadRequestError } from '@portal/sdk';
import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, test } from 'vitest';
import { useForm } from './use-form.ts';

interface Draft {
  name: string;
  city: string;
}

const submitEvent = () => ({ preventDefault: () => undefined }) as FormEvent<HTMLFormElement>;

function renderForm(options: { forgetErrorOnChange?: boolean } = {}) {
  return renderHook(() =>
    useForm<Draft, 'name' | 'city'>({
      initial: { name: '', city: 'Turku' },
      validate: (draft) => (draft.name.trim() === '' ? { name: 'Fill in this field' } : {}),
      fieldOf: (field) => (field === 'name' || field === 'city' ? field : null),
      ...options,
    }),
  );
}

const badRequest = (errors: { field: string; errorMessage: string }[]) =>
  new BadRequestError({
    status: 400,
    body: { UserMessage: 'Check the fields', Errors: errors },
    method: 'PUT',
    url: '/api/example',
  });

describe('a form', () => {
  test('refused by its own checks: a message at the field, a refusal counted, nothing sent, the draft kept', async () => {
    const { result } = renderForm();
    let sent = 0;
    await act(() =>
      result.current.submit(submitEvent(), async () => {
        sent += 1;
      }),
    );
    expect(sent).toBe(0);
    expect(result.current.errors).toEqual({ name: 'Fill in this field' });
    expect(result.current.refusals).toBe(1);
    expect(result.current.draft).toEqual({ name: '', city: 'Turku' });
    expect(
      result.current.summary([
        { key: 'name', id: 'f-name', label: 'Name' },
        { key: 'city', id: 'f-city', label: 'City' },
      ]),
    ).toEqual([{ target: 'f-name', label: 'Name', message: 'Fill in this field' }]);
  });

  test("refused by the server: its field errors at the form's fields, another field's ignored", async () => {
    const { result } = renderForm();
    act(() => result.current.set('name', 'Maija'));
    await act(() =>
      result.current.submit(submitEvent(), () =>
        Promise.reject(
          badRequest([
            { field: 'city', errorMessage: 'Unknown city' },
            { field: 'role', errorMessage: 'Not yours' },
          ]),
        ),
      ),
    );
    expect(result.current.errors).toEqual({ city: 'Unknown city' });
    expect(result.current.failure).toBeNull();
    expect(result.current.refusals).toBe(1);
    expect(result.current.draft.name).toBe('Maija');
  });

  test('a failure of no field is worded for the summary, or left to the form', async () => {
    const { result } = renderForm();
    act(() => result.current.set('name', 'Maija'));
    const failing = () =>
      Promise.reject(
        new ApiError('server-error', { status: 500, body: {}, method: 'PUT', url: '/api/example' }),
      );
    await act(() => result.current.submit(submitEvent(), failing, { describe: () => 'Not saved' }));
    expect(result.current.failure).toBe('Not saved');
    expect(result.current.refusals).toBe(1);
    let told = 0;
    await act(() =>
      result.current.submit(submitEvent(), failing, { onFailure: () => (told += 1) }),
    );
    expect(told).toBe(1);
    expect(result.current.failure).toBeNull();
    expect(result.current.refusals).toBe(1);
  });

  test('a check of no field can refuse, and a changed field can lose its message at once', async () => {
    const { result } = renderForm({ forgetErrorOnChange: true });
    await act(() => result.current.submit(submitEvent(), async () => undefined));
    expect(result.current.errors.name).toBe('Fill in this field');
    act(() => result.current.set('name', 'M'));
    expect(result.current.errors.name).toBeUndefined();
    await act(() =>
      result.current.submit(submitEvent(), async () => undefined, { ready: () => false }),
    );
    expect(result.current.refusals).toBe(2);
  });
});

describe('a form whose checks follow the changes once refused', () => {
  test('loses a message as the answer is given, gets it back as it is cleared, and stops after a save', async () => {
    const { result } = renderHook(() =>
      useForm<Draft, 'name' | 'city'>({
        initial: { name: '', city: '' },
        validate: (draft) => (draft.name === '' ? { name: 'Fill in this field' } : {}),
        fieldOf: () => null,
        liveChecks: true,
      }),
    );
    expect(result.current.errors).toEqual({});
    await act(() => result.current.submit(submitEvent(), async () => undefined));
    expect(result.current.errors).toEqual({ name: 'Fill in this field' });
    act(() => result.current.set('name', 'Maija'));
    expect(result.current.errors).toEqual({});
    act(() => result.current.set('name', ''));
    expect(result.current.errors).toEqual({ name: 'Fill in this field' });
    act(() => result.current.set('name', 'Maija'));
    await act(() => result.current.submit(submitEvent(), async () => undefined));
    expect(result.current.checked).toBe(false);
    act(() => result.current.set('name', ''));
    expect(result.current.errors).toEqual({});
  });
});
