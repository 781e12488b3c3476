import { expect, test } from 'vitest';
import { createHarness } from './harness.ts';

const messageOf = (json: { Errors: { field: string; errorMessage: string }[] }, field: string) =>
  json.Errors.find((e) => e.field === field)?.errorMessage;

test("Feedback without an office or a text shows the spec's own messages", async () => {
  const h = createHarness();
  const { status, json } = await h.call('sendFeedback', { as: 'patient', body: { text: '' } });
  expect(status).toBe(400);
  expect(messageOf(json, 'branchId')).toBe('Choose an office');
  expect(messageOf(json, 'text')).toBe('Feedback is required');
});

test("An event form with missing fields says 'Fill the field'", async () => {
  const h = createHarness();
  const { json } = await h.call('createEvent', { as: 'content-manager', body: { title: '' } });
  expect(messageOf(json, 'title')).toBe('Fill the field');
  expect(messageOf(json, 'date')).toBe('Fill the field');
});

test('A field error that is not about a missing value keeps its own message', async () => {
  const h = createHarness();
  const { json } = await h.call('sendFeedback', {
    as: 'patient',
    body: { branchId: 1, text: 'x'.repeat(5000) },
  });
  expect(messageOf(json, 'text')).toMatch(/^At most \d+ characters\.$/);
});

test('A control character is said as such, once, though the text pattern refuses it too', async () => {
  const h = createHarness();
  // Specmatic's case: a rule description of one control character (the contract now refuses it).
  const { status, json } = await h.call('createRule', {
    as: 'content-manager',
    body: { description: '\u0004', status: 'active' },
  });
  expect(status).toBe(400);
  expect(json.Errors).toEqual([
    {
      field: 'description',
      errorMessage: 'Remove the invisible control characters from this field.',
    },
  ]);
  // A blank one is still a missing value.
  const blank = await h.call('createRule', {
    as: 'content-manager',
    body: { description: ' \u00a0\t', status: 'active' },
  });
  expect(messageOf(blank.json, 'description')).toBe('Please fill this field');
});
