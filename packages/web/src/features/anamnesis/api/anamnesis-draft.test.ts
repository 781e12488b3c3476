import { describe, expect, test } from 'vitest';
import {
  answersFromDraft,
  draftFieldOf,
  draftFromAnswers,
  EMPTY_DRAFT,
  validateDraft,
  type AnamnesisDraft,
} from './anamnesis-draft.ts';

const complete: AnamnesisDraft = {
  ...EMPTY_DRAFT,
  generalHealth: '  Good  ',
  conditions: ['hypertension', 'asthma'],
  medications: false,
  medicationsDetails: 'left over from an earlier answer',
  anticoagulants: true,
  anticoagulantsDetails: 'Warfarin',
  occupationalCareContract: false,
  missingTeeth: false,
  satisfaction: 8,
  appearanceBothers: false,
  appearanceFactors: ['colour'],
  brushingFrequency: 'once',
  smoking: 'quit',
  eatingHabits: 'irregular',
  dentalFear: 'none',
  customerRegisterAccepted: true,
  patientRegisterAccepted: true,
};

describe('the anamnesis draft', () => {
  test('an empty form has every required question unanswered, consents included: a text to fill in, choices to choose', () => {
    expect(validateDraft(EMPTY_DRAFT)).toEqual({
      generalHealth: 'errors.required',
      medications: 'errors.required',
      anticoagulants: 'errors.required',
      occupationalCareContract: 'errors.required',
      missingTeeth: 'errors.required',
      satisfaction: 'errors.required',
      appearanceBothers: 'errors.required',
      brushingFrequency: 'errors.required',
      smoking: 'errors.required',
      eatingHabits: 'errors.required',
      dentalFear: 'errors.required',
      customerRegisterAccepted: 'errors.consentRequired',
      patientRegisterAccepted: 'errors.consentRequired',
    });
    expect(answersFromDraft(EMPTY_DRAFT)).toBeNull();
  });

  test('a blank health description counts as missing', () => {
    expect(validateDraft({ ...complete, generalHealth: '   ' })).toEqual({
      generalHealth: 'errors.required',
    });
  });

  test('a complete draft becomes the request body without the details of "no" answers', () => {
    expect(answersFromDraft(complete)).toEqual({
      healthState: {
        generalHealth: 'Good',
        conditions: ['asthma', 'hypertension'],
        medications: false,
        anticoagulants: true,
        anticoagulantsDetails: 'Warfarin',
        occupationalCareContract: false,
      },
      oralHealth: {
        missingTeeth: false,
        issues: [],
        satisfaction: 8,
        appearanceBothers: false,
        appearanceFactors: [],
      },
      habits: { brushingFrequency: 'once', smoking: 'quit', eatingHabits: 'irregular' },
      fears: { dentalFear: 'none' },
      consents: {
        customerRegisterAccepted: true,
        patientRegisterAccepted: true,
        disclosureToOtherProfessionals: false,
      },
    });
  });

  test('previous answers prefill the draft and round-trip unchanged', () => {
    const answers = answersFromDraft(complete);
    if (answers === null) throw new Error('complete draft rejected');
    expect(answersFromDraft(draftFromAnswers(answers))).toEqual(answers);
  });

  test('server field paths map to the draft field', () => {
    expect(draftFieldOf('oralHealth.satisfaction')).toBe('satisfaction');
    expect(draftFieldOf('consents.patientRegisterAccepted')).toBe('patientRegisterAccepted');
    expect(draftFieldOf('somethingElse')).toBeUndefined();
  });
});
