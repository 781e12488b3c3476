import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { sendFeedback } from './feedback.ts';

function branches(h: ReturnType<typeof createHarness>) {
  const all = h.state.db.branch.getAll();
  const enabled = all.find((b) => b.enabled)!;
  const disabled = all.find((b) => !b.enabled)!;
  return { enabled, disabled };
}

describe('feedback', () => {
  test('A patient’s feedback on a branch is stored with the user and the time of the clock', async () => {
    const h = createHarness();
    const { enabled } = branches(h);
    h.state.clock.set(new Date('2026-12-01T09:30:00+02:00'));
    const { status, json } = await h.call('sendFeedback', {
      as: 'patient',
      body: { branchId: enabled.id, text: 'Friendly staff, thank you!' },
    });
    expect(status).toBe(201);
    expect(json.createdAt).toBe('2026-12-01T09:30:00+02:00');
    const stored = h.state.db.feedback.findFirst({ where: { id: { equals: json.id } } });
    expect(stored).toMatchObject({
      userId: h.userId('patient'),
      branchId: enabled.id,
      text: 'Friendly staff, thank you!',
      createdAt: '2026-12-01T09:30:00+02:00',
    });
  });

  test('Feedback on an unknown branch asks to choose an office', async () => {
    const h = createHarness();
    const { status, json } = await h.call('sendFeedback', {
      as: 'patient',
      body: { branchId: 9999, text: 'Hello' },
    });
    expect(status).toBe(400);
    expect(json.Errors).toEqual([{ field: 'branchId', errorMessage: 'Choose an office' }]);
    // No office at all, missing or null, says the same.
    for (const body of [{ text: 'Hello' }, { branchId: null, text: 'Hello' }]) {
      const missing = await h.call('sendFeedback', { as: 'patient', body });
      expect(missing.status).toBe(400);
      expect(missing.json.Errors).toEqual([
        { field: 'branchId', errorMessage: 'Choose an office' },
      ]);
    }
  });

  test('Feedback on a disabled branch asks to choose an office, in the caller’s language', async () => {
    const h = createHarness();
    const { disabled } = branches(h);
    const before = h.state.db.feedback.count();
    const { status, json } = await h.call('sendFeedback', {
      as: 'patient',
      body: { branchId: disabled.id, text: 'Hello' },
      headers: { 'Accept-Language': 'fi' },
    });
    expect(status).toBe(400);
    expect(json.Errors).toEqual([{ field: 'branchId', errorMessage: 'Valitse klinikka' }]);
    expect(h.state.db.feedback.count()).toBe(before);
  });

  test('Empty feedback is refused on the text field', async () => {
    const h = createHarness();
    const { enabled } = branches(h);
    for (const text of ['', '   ']) {
      const { status, json } = await h.call('sendFeedback', {
        as: 'patient',
        body: { branchId: enabled.id, text },
      });
      expect(status).toBe(400);
      expect(json.Errors.map((e: { field: string }) => e.field)).toEqual(['text']);
    }
  });

  test('A missing branch is refused on the branchId field', async () => {
    const h = createHarness();
    const { status, json } = await h.call('sendFeedback', { as: 'patient', body: { text: 'Hi' } });
    expect(status).toBe(400);
    expect(json.Errors.map((e: { field: string }) => e.field)).toEqual(['branchId']);
  });

  test('The core says feedback is required for a blank text and names both problems at once', () => {
    const h = createHarness();
    const result = sendFeedback(h.state, 1, { branchId: 9999, text: ' \n ' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error.fieldErrors).toEqual([
        { field: 'branchId', message: 'feedback.chooseOffice' },
        { field: 'text', message: 'feedback.required' },
      ]);
  });

  test('Only a signed-in user can send feedback', async () => {
    const h = createHarness();
    const { enabled } = branches(h);
    const { status } = await h.call('sendFeedback', { body: { branchId: enabled.id, text: 'x' } });
    expect(status).toBe(401);
  });

  test('A NUL or another control character in the text is refused under the field; tabs and line breaks are fine', async () => {
    const h = createHarness();
    const { enabled } = branches(h);
    const count = h.state.db.feedback.count();
    for (const text of ['Hello\u0000world', 'Bell\u0007', 'Esc\u001b[31m', 'Del\u007f']) {
      const { status, json } = await h.call('sendFeedback', {
        as: 'patient',
        body: { branchId: enabled.id, text },
      });
      expect(status, JSON.stringify(text)).toBe(400);
      expect(json.Errors).toEqual([
        { field: 'text', errorMessage: 'Remove the invisible control characters from this field.' },
      ]);
    }
    expect(h.state.db.feedback.count()).toBe(count);
    const multiline = await h.call('sendFeedback', {
      as: 'patient',
      body: { branchId: enabled.id, text: 'Line one\r\n\tLine two' },
    });
    expect(multiline.status).toBe(201);
  });
});
