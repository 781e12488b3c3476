import type { Schemas } from '@portal/sdk';
import { assign, setup } from 'xstate';
import { EMPLOYEE_SEARCH_DEBOUNCE_MS } from './employee-picker.ts';

type Employee = Schemas['Employee'];

export interface EmployeePickerContext {
  /** What the user has typed. */
  query: string;
  /** The query the list is filtered by: `query`, once it has rested for `searchDebounce`. */
  appliedQuery: string;
  selected: Employee | null;
}

export type EmployeePickerEvent =
  | { type: 'picker.open' }
  | { type: 'picker.close' }
  | { type: 'picker.search'; query: string }
  /** Choosing from the branch's employees or from all employees; null clears the choice. */
  | { type: 'picker.select'; employee: Employee | null };

/**
 * The employee picker's popup (spec §4 Employee picker): typing debounces the search by 300 ms
 * (`searchDebounce`); the list shown is `filterEmployees(all, context.appliedQuery)`. Choosing an
 * employee selects it and closes the popup.
 */
export const employeePickerMachine = setup({
  types: {
    context: {} as EmployeePickerContext,
    events: {} as EmployeePickerEvent,
  },
  actions: {
    resetSearch: assign({ query: '', appliedQuery: '' }),
    setQuery: assign((_, params: { query: string }) => ({ query: params.query })),
    applyQuery: assign(({ context }) => ({ appliedQuery: context.query })),
    select: assign((_, params: { employee: Employee | null }) => ({ selected: params.employee })),
  },
  delays: {
    searchDebounce: EMPLOYEE_SEARCH_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'employeePicker',
  context: { query: '', appliedQuery: '', selected: null },
  initial: 'closed',
  on: {
    // Also while closed, e.g. to show a favourite employee as chosen.
    'picker.select': {
      target: '.closed',
      actions: { type: 'select', params: ({ event }) => ({ employee: event.employee }) },
    },
  },
  states: {
    closed: {
      on: { 'picker.open': { target: 'open', actions: 'resetSearch' } },
    },
    open: {
      initial: 'showing',
      on: {
        'picker.close': 'closed',
        'picker.search': {
          target: '.debouncing',
          actions: { type: 'setQuery', params: ({ event }) => ({ query: event.query }) },
        },
      },
      states: {
        showing: {},
        debouncing: {
          after: { searchDebounce: { target: 'showing', actions: 'applyQuery' } },
        },
      },
    },
  },
});

export type EmployeePickerMachine = typeof employeePickerMachine;
