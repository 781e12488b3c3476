import type { Schemas } from '@portal/sdk';

/** A complete, valid anamnesis submission for tests (a fresh copy each call). */
export function validAnswers(): Schemas['AnamnesisAnswers'] {
  return {
    healthState: {
      generalHealth: 'Good, no recent illnesses.',
      conditions: ['asthma', 'hypertension'],
      medications: true,
      medicationsDetails: 'Salbutamol inhaler as needed.',
      anticoagulants: false,
      occupationalCareContract: true,
    },
    oralHealth: {
      missingTeeth: false,
      issues: ['grinding'],
      satisfaction: 8,
      appearanceBothers: false,
      appearanceFactors: [],
    },
    habits: {
      brushingFrequency: 'twiceOrMore',
      smoking: 'nonSmoking',
      eatingHabits: 'regularMeals',
    },
    fears: { dentalFear: 'none' },
    consents: {
      customerRegisterAccepted: true,
      patientRegisterAccepted: true,
      disclosureToOtherProfessionals: true,
    },
  };
}
