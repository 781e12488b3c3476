import type { components } from './generated/portal.ts';

/** Shorthand for the contract's component schemas: `Schemas['User']`. */
export type Schemas = components['schemas'];
