import type { Schemas } from '@portal/sdk';

export type AnamnesisAnswers = Schemas['AnamnesisAnswers'];
export type Condition = Schemas['AnamnesisCondition'];
export type OralHealthIssue = Schemas['AnamnesisOralHealthIssue'];
export type AppearanceFactor = Schemas['AnamnesisAppearanceFactor'];
export type EatingPattern = Schemas['AnamnesisEatingPattern'];
export type BrushingFrequency = Schemas['AnamnesisBrushingFrequency'];
export type Smoking = Schemas['AnamnesisSmoking'];
export type DentalFear = Schemas['AnamnesisDentalFear'];

/** Every value of a string union, checked both ways against the contract's enum. */
function allOf<T extends string>() {
  return <const V extends readonly T[]>(
    values: V & ([T] extends [V[number]] ? unknown : 'missing a value'),
  ): V => values;
}

/** The 18-item condition checklist of spec §3, in the spec's order. */
export const CONDITIONS = allOf<Condition>()([
  'asthma',
  'diabetes',
  'epilepsy',
  'hiv',
  'lung',
  'thyroid',
  'hypertension',
  'liver',
  'kidney',
  'osteoporosis',
  'mentalIllness',
  'rheumatism',
  'pacemaker',
  'valveProsthesis',
  'cardiovascular',
  'bleedingPropensity',
  'endoprosthesis',
  'antibioticProphylaxis',
]);
export const ORAL_HEALTH_ISSUES = allOf<OralHealthIssue>()([
  'bleedingGums',
  'sensitiveTeeth',
  'toothache',
  'dryMouth',
  'badBreath',
  'jawPain',
  'grinding',
  'looseTeeth',
  'mouthSores',
]);
export const APPEARANCE_FACTORS = allOf<AppearanceFactor>()([
  'colour',
  'position',
  'shape',
  'size',
  'missingTeeth',
  'fillings',
  'gums',
]);
export const EATING_PATTERNS = allOf<EatingPattern>()([
  'regularMeals',
  'frequentSnacking',
  'irregular',
]);
export const BRUSHING_FREQUENCIES = allOf<BrushingFrequency>()([
  'twiceOrMore',
  'once',
  'lessThanOnce',
]);
export const SMOKING = allOf<Smoking>()(['nonSmoking', 'quit', 'passive', 'smoker']);
export const DENTAL_FEARS = allOf<DentalFear>()(['none', 'slight', 'significant']);
export const SATISFACTION_SCALE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** A yes/no question not answered yet is `null`. */
export type YesNo = boolean | null;

/** The form while it is being filled: every answer may still be missing. */
export interface AnamnesisDraft {
  generalHealth: string;
  conditions: Condition[];
  medications: YesNo;
  medicationsDetails: string;
  anticoagulants: YesNo;
  anticoagulantsDetails: string;
  occupationalCareContract: YesNo;
  missingTeeth: YesNo;
  missingTeethDetails: string;
  issues: OralHealthIssue[];
  additionalInfo: string;
  satisfaction: number | null;
  appearanceBothers: YesNo;
  appearanceFactors: AppearanceFactor[];
  brushingFrequency: BrushingFrequency | null;
  smoking: Smoking | null;
  dietaryHabits: string;
  eatingHabits: EatingPattern | null;
  dentalFear: DentalFear | null;
  customerRegisterAccepted: boolean;
  patientRegisterAccepted: boolean;
  disclosureToOtherProfessionals: boolean;
}

export type DraftField = keyof AnamnesisDraft;

export const EMPTY_DRAFT: AnamnesisDraft = {
  generalHealth: '',
  conditions: [],
  medications: null,
  medicationsDetails: '',
  anticoagulants: null,
  anticoagulantsDetails: '',
  occupationalCareContract: null,
  missingTeeth: null,
  missingTeethDetails: '',
  issues: [],
  additionalInfo: '',
  satisfaction: null,
  appearanceBothers: null,
  appearanceFactors: [],
  brushingFrequency: null,
  smoking: null,
  dietaryHabits: '',
  eatingHabits: null,
  dentalFear: null,
  customerRegisterAccepted: false,
  patientRegisterAccepted: false,
  disclosureToOtherProfessionals: false,
};

/** The previous answers as a draft, to prefill the form. */
export function draftFromAnswers(answers: AnamnesisAnswers): AnamnesisDraft {
  const { healthState: h, oralHealth: o, habits, fears, consents } = answers;
  return {
    generalHealth: h.generalHealth,
    conditions: [...h.conditions],
    medications: h.medications,
    medicationsDetails: h.medicationsDetails ?? '',
    anticoagulants: h.anticoagulants,
    anticoagulantsDetails: h.anticoagulantsDetails ?? '',
    occupationalCareContract: h.occupationalCareContract,
    missingTeeth: o.missingTeeth,
    missingTeethDetails: o.missingTeethDetails ?? '',
    issues: [...o.issues],
    additionalInfo: o.additionalInfo ?? '',
    satisfaction: o.satisfaction,
    appearanceBothers: o.appearanceBothers,
    appearanceFactors: [...o.appearanceFactors],
    brushingFrequency: habits.brushingFrequency,
    smoking: habits.smoking,
    dietaryHabits: habits.dietaryHabits ?? '',
    eatingHabits: habits.eatingHabits,
    dentalFear: fears.dentalFear,
    customerRegisterAccepted: consents.customerRegisterAccepted,
    patientRegisterAccepted: consents.patientRegisterAccepted,
    disclosureToOtherProfessionals: consents.disclosureToOtherProfessionals,
  };
}

/** Why a field is not acceptable: a message key of the `anamnesis` namespace. */
export type DraftProblem = 'errors.required' | 'errors.consentRequired';

/**
 * The required fields, in the order they appear on the form, so that the first problem is the
 * field to focus. Details texts are optional (the contract keeps them optional).
 */
export const FIELD_ORDER: readonly DraftField[] = [
  'generalHealth',
  'medications',
  'anticoagulants',
  'occupationalCareContract',
  'missingTeeth',
  'satisfaction',
  'appearanceBothers',
  'brushingFrequency',
  'smoking',
  'eatingHabits',
  'dentalFear',
  'customerRegisterAccepted',
  'patientRegisterAccepted',
];

/**
 * The unanswered required questions, in form order: 'Please fill this field' (spec §5: each
 * required field, a choice too; issue 54 put back the spec's words, which issue 36 had replaced
 * with 'Please choose an answer' for a choice), and the two consents' own message.
 */
export function validateDraft(draft: AnamnesisDraft): Partial<Record<DraftField, DraftProblem>> {
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  for (const field of FIELD_ORDER) {
    const value = draft[field];
    if (field === 'customerRegisterAccepted' || field === 'patientRegisterAccepted') {
      if (value !== true) problems[field] = 'errors.consentRequired';
    } else if (value === null || (typeof value === 'string' && value.trim() === '')) {
      problems[field] = 'errors.required';
    }
  }
  return problems;
}

function text(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The request body of a draft that passed {@link validateDraft}; null while a required answer is
 * missing. Details of a question answered "no" are dropped, as are factors when appearance does
 * not bother.
 */
export function answersFromDraft(draft: AnamnesisDraft): AnamnesisAnswers | null {
  const {
    medications,
    anticoagulants,
    occupationalCareContract,
    missingTeeth,
    satisfaction,
    appearanceBothers,
    brushingFrequency,
    smoking,
    eatingHabits,
    dentalFear,
  } = draft;
  if (
    Object.keys(validateDraft(draft)).length > 0 ||
    medications === null ||
    anticoagulants === null ||
    occupationalCareContract === null ||
    missingTeeth === null ||
    satisfaction === null ||
    appearanceBothers === null ||
    brushingFrequency === null ||
    smoking === null ||
    eatingHabits === null ||
    dentalFear === null
  ) {
    return null;
  }
  const medicationsDetails = medications ? text(draft.medicationsDetails) : undefined;
  const anticoagulantsDetails = anticoagulants ? text(draft.anticoagulantsDetails) : undefined;
  const missingTeethDetails = missingTeeth ? text(draft.missingTeethDetails) : undefined;
  const additionalInfo = text(draft.additionalInfo);
  const dietaryHabits = text(draft.dietaryHabits);
  return {
    healthState: {
      generalHealth: draft.generalHealth.trim(),
      conditions: CONDITIONS.filter((c) => draft.conditions.includes(c)),
      medications,
      ...(medicationsDetails === undefined ? {} : { medicationsDetails }),
      anticoagulants,
      ...(anticoagulantsDetails === undefined ? {} : { anticoagulantsDetails }),
      occupationalCareContract,
    },
    oralHealth: {
      missingTeeth,
      ...(missingTeethDetails === undefined ? {} : { missingTeethDetails }),
      issues: ORAL_HEALTH_ISSUES.filter((i) => draft.issues.includes(i)),
      ...(additionalInfo === undefined ? {} : { additionalInfo }),
      satisfaction,
      appearanceBothers,
      appearanceFactors: appearanceBothers
        ? APPEARANCE_FACTORS.filter((f) => draft.appearanceFactors.includes(f))
        : [],
    },
    habits: {
      brushingFrequency,
      smoking,
      ...(dietaryHabits === undefined ? {} : { dietaryHabits }),
      eatingHabits,
    },
    fears: { dentalFear },
    consents: {
      customerRegisterAccepted: true,
      patientRegisterAccepted: true,
      disclosureToOtherProfessionals: draft.disclosureToOtherProfessionals,
    },
  };
}

/** The draft field of a server field error's dot path (`oralHealth.satisfaction`). */
export function draftFieldOf(path: string): DraftField | undefined {
  const leaf = path.split('.').pop() ?? path;
  return leaf in EMPTY_DRAFT ? (leaf as DraftField) : undefined;
}
