import { MAIJA, TEST_NOW } from '../harness.ts';
import type { Step } from './scenario.ts';

/** What several parity files' scenarios build their steps from. */

/** Tomorrow + n days in Helsinki, as YYYY-MM-DD, from the frozen test clock. */
export const day = (n: number) =>
  new Date(TEST_NOW.getTime() + n * 86_400_000).toISOString().slice(0, 10);

export const SIIRI = {
  ...MAIJA,
  firstName: 'Siiri',
  lastName: 'Kyselinen',
  email: 'siiri@example.fi',
  phone: '040 765 4321',
  street: 'Kauppakatu 2',
};

/** A private booking of a slot for one of the two customers. */
export function booking(slotKey: string, customer = MAIJA, allowDuplicate?: boolean) {
  return {
    slotKey,
    customerType: 'private' as const,
    voucherIdentifier: null,
    campaignCode: null,
    descriptionForStaff: null,
    customer,
    ...(allowDuplicate === undefined ? {} : { allowDuplicate }),
  };
}

/** The guardian's persons (issue 55), Aino's and Eetu's ids remembered as `aino` and `eetu`. */
export const guardiansPersons: Step = {
  name: "the guardian's persons",
  run: ({ client }) => client('guardian').GET('/api/persons'),
  remember: (data: { id: number; firstName: string }[], memory) => {
    memory.aino = data.find((person) => person.firstName === 'Aino')?.id;
    memory.eetu = data.find((person) => person.firstName === 'Eetu')?.id;
  },
};
