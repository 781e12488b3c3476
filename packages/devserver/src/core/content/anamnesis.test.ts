import { afterEach, describe, expect, test, vi } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { anamnesisProblems, normaliseAnswers } from './anamnesis.ts';
import { validAnswers } from './test-data.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('anamnesis form', () => {
  test('A patient sees the form enabled, prefilled with their own latest answers', async () => {
    const h = createHarness();
    const { status, json } = await h.call('getAnamnesis', { as: 'patient' });
    expect(status).toBe(200);
    expect(json.enabled).toBe(true);
    expect(json.latest.healthState.conditions).toEqual(['asthma']);
    const other = await h.call('getAnamnesis', { as: 'survey' });
    expect(other.json).toEqual({ enabled: true, latest: null });
  });

  test('Submitted answers are stored with the time of the clock and become the latest', async () => {
    const h = createHarness();
    h.state.clock.set(new Date('2026-12-01T09:30:00+02:00'));
    const submitted = await h.call('submitAnamnesis', { as: 'patient', body: validAnswers() });
    expect(submitted.status).toBe(201);
    expect(submitted.json.createdAt).toBe('2026-12-01T09:30:00+02:00');
    expect(submitted.json.oralHealth.satisfaction).toBe(8);
    const { json } = await h.call('getAnamnesis', { as: 'patient' });
    expect(json.latest).toEqual(submitted.json);
  });

  test('Earlier submissions are kept and the newest one is the latest even if the clock went back', async () => {
    const h = createHarness();
    const first = await h.call('submitAnamnesis', { as: 'survey', body: validAnswers() });
    h.state.clock.advance(-3 * 24 * 3600 * 1000);
    const answers = validAnswers();
    answers.oralHealth.satisfaction = 3;
    const second = await h.call('submitAnamnesis', { as: 'survey', body: answers });
    expect(second.json.id).toBeGreaterThan(first.json.id);
    const { json } = await h.call('getAnamnesis', { as: 'survey' });
    expect(json.latest.id).toBe(second.json.id);
    expect(json.latest.oralHealth.satisfaction).toBe(3);
    const stored = h.state.db.anamnesis.getAll().filter((r) => r.userId === h.userId('survey'));
    expect(stored).toHaveLength(2);
  });

  test('A patient never sees the answers of another patient', async () => {
    const h = createHarness();
    const answers = validAnswers();
    answers.healthState.generalHealth = 'Only Siiri may read this.';
    await h.call('submitAnamnesis', { as: 'survey', body: answers });
    const { json } = await h.call('getAnamnesis', { as: 'patient' });
    expect(json.latest.healthState.generalHealth).not.toBe('Only Siiri may read this.');
    expect(json.latest.id).toBe(1);
  });

  test('While the anamnesis-disabled scenario is on the form is disabled and a submission is refused', async () => {
    const h = createHarness();
    h.state.settings.scenarios['anamnesis-disabled'] = true;
    expect((await h.call('getAnamnesis', { as: 'patient' })).json.enabled).toBe(false);
    const before = h.state.db.anamnesis.count();
    const { status, json } = await h.call('submitAnamnesis', {
      as: 'patient',
      body: validAnswers(),
    });
    expect(status).toBe(409);
    expect(json.Code).toBe('anamnesis-disabled');
    expect(json.UserMessage).toContain('paper form');
    expect(h.state.db.anamnesis.count()).toBe(before);
  });

  test('The answers cannot be sent without both register consents', async () => {
    const h = createHarness();
    const answers = validAnswers();
    (answers.consents as { patientRegisterAccepted: boolean }).patientRegisterAccepted = false;
    const { status, json } = await h.call('submitAnamnesis', { as: 'patient', body: answers });
    expect(status).toBe(400);
    expect(json.Code).toBe('validation-failed');
    expect(json.Errors.map((e: { field: string }) => e.field)).toEqual([
      'consents.patientRegisterAccepted',
    ]);
  });

  test('The core says consent for data processing is required when a register consent is missing', () => {
    const answers = validAnswers();
    (answers.consents as { customerRegisterAccepted: boolean }).customerRegisterAccepted = false;
    expect(anamnesisProblems(answers)).toEqual([
      { field: 'consents.customerRegisterAccepted', message: 'anamnesis.consentRequired' },
    ]);
    expect(anamnesisProblems(validAnswers())).toEqual([]);
  });

  test('The core refuses a blank health state and a satisfaction outside 1–10', () => {
    const answers = validAnswers();
    answers.healthState.generalHealth = '   ';
    answers.oralHealth.satisfaction = 11;
    expect(anamnesisProblems(answers).map((p) => p.field)).toEqual([
      'healthState.generalHealth',
      'oralHealth.satisfaction',
    ]);
  });

  test('A satisfaction outside 1–10 is refused on oralHealth.satisfaction', async () => {
    const h = createHarness();
    const answers = validAnswers();
    answers.oralHealth.satisfaction = 0;
    const { status, json } = await h.call('submitAnamnesis', { as: 'patient', body: answers });
    expect(status).toBe(400);
    expect(json.Errors).toEqual([
      { field: 'oralHealth.satisfaction', errorMessage: 'The value is out of range.' },
    ]);
  });

  test('Every missing required field gets its own error', async () => {
    const h = createHarness();
    const answers = validAnswers() as unknown as Record<string, Record<string, unknown>>;
    delete answers.fears;
    delete answers.habits!.smoking;
    const { status, json } = await h.call('submitAnamnesis', { as: 'patient', body: answers });
    expect(status).toBe(400);
    expect(json.Errors).toEqual(
      expect.arrayContaining([
        { field: 'fears', errorMessage: 'Please fill this field' },
        { field: 'habits.smoking', errorMessage: 'Please fill this field' },
      ]),
    );
  });

  test('Only the fields of the form are stored', () => {
    const answers = validAnswers() as unknown as Record<string, Record<string, unknown>>;
    answers.healthState!.shoeSize = 43;
    answers.extra = { note: 'x' };
    const stored = normaliseAnswers(answers as never) as unknown as Record<string, object>;
    expect(Object.keys(stored)).toEqual([
      'healthState',
      'oralHealth',
      'habits',
      'fears',
      'consents',
    ]);
    expect(stored.healthState).not.toHaveProperty('shoeSize');
  });

  test('Health answers are never written to the log', async () => {
    const h = createHarness();
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => undefined),
    );
    await h.call('submitAnamnesis', { as: 'patient', body: validAnswers() });
    await h.call('getAnamnesis', { as: 'patient' });
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  test('The form needs a signed-in user who has accepted the terms', async () => {
    const h = createHarness();
    expect((await h.call('getAnamnesis')).status).toBe(401);
    const firstLogin = await h.call('submitAnamnesis', { as: 'first-login', body: validAnswers() });
    expect(firstLogin.status).toBe(403);
    expect(firstLogin.json.Code).toBe('terms-not-accepted');
  });
});
