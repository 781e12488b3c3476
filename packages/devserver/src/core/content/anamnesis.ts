import type { Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../clock.ts';
import { fail, invalid, ok, type FieldProblem, type Result } from '../result.ts';
import { nextId, type DevState } from '../state.ts';
import { isBlank } from './text.ts';

type Answers = Schemas['AnamnesisAnswers'];
type AnamnesisRow = ReturnType<DevState['db']['anamnesis']['getAll']>[number];

/** The online form is off while the `anamnesis-disabled` scenario is on (paper form instead). */
export function anamnesisEnabled(state: DevState): boolean {
  return !state.settings.scenarios['anamnesis-disabled'];
}

/**
 * The answers reduced to the contract's fields: nothing the form does not ask is stored
 * (health data is kept to what is needed), and optional texts are kept only when given.
 */
export function normaliseAnswers(input: Answers): Answers {
  const { healthState: h, oralHealth: o, habits, fears, consents } = input;
  const optional = <K extends string>(key: K, value: string | undefined) =>
    value === undefined ? {} : ({ [key]: value } as Record<K, string>);
  return {
    healthState: {
      generalHealth: h.generalHealth,
      conditions: [...h.conditions],
      medications: h.medications,
      ...optional('medicationsDetails', h.medicationsDetails),
      anticoagulants: h.anticoagulants,
      ...optional('anticoagulantsDetails', h.anticoagulantsDetails),
      occupationalCareContract: h.occupationalCareContract,
    },
    oralHealth: {
      missingTeeth: o.missingTeeth,
      ...optional('missingTeethDetails', o.missingTeethDetails),
      issues: [...o.issues],
      ...optional('additionalInfo', o.additionalInfo),
      satisfaction: o.satisfaction,
      appearanceBothers: o.appearanceBothers,
      appearanceFactors: [...o.appearanceFactors],
    },
    habits: {
      brushingFrequency: habits.brushingFrequency,
      smoking: habits.smoking,
      ...optional('dietaryHabits', habits.dietaryHabits),
      eatingHabits: habits.eatingHabits,
    },
    fears: { dentalFear: fears.dentalFear },
    consents: {
      customerRegisterAccepted: consents.customerRegisterAccepted,
      patientRegisterAccepted: consents.patientRegisterAccepted,
      disclosureToOtherProfessionals: consents.disclosureToOtherProfessionals,
    },
  };
}

/**
 * The rules the schema alone cannot say in the form's words: both register consents are
 * required ('Consent to data processing is required'), the free-text health state must not be
 * blank, and satisfaction is a whole number 1–10.
 */
export function anamnesisProblems(input: Answers): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (isBlank(input.healthState.generalHealth))
    problems.push({ field: 'healthState.generalHealth', message: 'validation.required' });
  const satisfaction = input.oralHealth.satisfaction;
  if (!Number.isInteger(satisfaction) || satisfaction < 1 || satisfaction > 10)
    problems.push({ field: 'oralHealth.satisfaction', message: 'validation.range' });
  // `as boolean`: the contract types them as `true`, but the core does not trust its callers.
  if ((input.consents.customerRegisterAccepted as boolean) !== true)
    problems.push({
      field: 'consents.customerRegisterAccepted',
      message: 'anamnesis.consentRequired',
    });
  if ((input.consents.patientRegisterAccepted as boolean) !== true)
    problems.push({
      field: 'consents.patientRegisterAccepted',
      message: 'anamnesis.consentRequired',
    });
  return problems;
}

function toAnamnesis(row: AnamnesisRow): Schemas['Anamnesis'] {
  return { id: row.id, createdAt: row.createdAt, ...(JSON.parse(row.answers) as Answers) };
}

/** The user's most recent submission: the last one stored (ids grow), whatever the clock says. */
function latestOf(state: DevState, userId: number): AnamnesisRow | null {
  let latest: AnamnesisRow | null = null;
  for (const row of state.db.anamnesis.getAll()) {
    if (row.userId === userId && (!latest || row.id > latest.id)) latest = row;
  }
  return latest;
}

export function getAnamnesis(state: DevState, userId: number): Schemas['AnamnesisStatus'] {
  const latest = latestOf(state, userId);
  return { enabled: anamnesisEnabled(state), latest: latest ? toAnamnesis(latest) : null };
}

/** Stores a new submission; earlier ones are kept and the new one becomes `latest`. */
export function submitAnamnesis(
  state: DevState,
  userId: number,
  input: Answers,
): Result<Schemas['Anamnesis']> {
  if (!anamnesisEnabled(state)) return fail('anamnesis-disabled');
  const problems = anamnesisProblems(input);
  if (problems.length > 0) return invalid(...problems);
  const row = state.db.anamnesis.create({
    id: nextId(state, 'anamnesis'),
    userId,
    createdAt: toHelsinkiIso(state.clock.now()),
    answers: JSON.stringify(normaliseAnswers(input)),
  });
  return ok(toAnamnesis(row));
}

/** A deleted account's health answers, feedback and event reminders go with it. */
export function deleteContentDataOf(state: DevState, userId: number): void {
  const byUser = { where: { userId: { equals: userId } } };
  state.db.anamnesis.deleteMany(byUser);
  state.db.feedback.deleteMany(byUser);
  state.db.eventReminder.deleteMany(byUser);
}
