import type { components } from './generated/portal.ts';

/**
 * The seven areas of interest (spec §3), in the contract's order: the profile payload's boolean
 * flags and the user's `AreasOfInterests` keys. One list for the web app, the dev server and the
 * conformance checker; a test keeps it equal to the contract's enum.
 */
export const AREAS_OF_INTEREST = [
  'orthodontics',
  'membraneOrthodontics',
  'implantCare',
  'dentalHygienistServices',
  'estheticDentalCare',
  'dentalWhitening',
  'genericDentalHealth',
] as const satisfies readonly components['schemas']['AreaOfInterest'][];
