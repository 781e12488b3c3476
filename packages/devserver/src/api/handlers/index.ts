import type { FieldMessages } from '../pipeline.ts';
import type { OperationHandlers } from '../types.ts';
import { accessLogHandlers } from './access-log.ts';
import { authHandlers } from './auth.ts';
import { bookingHandlers } from './booking.ts';
import { chatHandlers } from './chat.ts';
import { configHandlers } from './config.ts';
import { contentFieldMessages, contentHandlers } from './content.ts';
import { couponsHandlers } from './coupons.ts';
import { devHandlers } from './dev.ts';
import { directoryHandlers } from './directory.ts';
import { patientsHandlers } from './patients.ts';
import { personsHandlers } from './persons.ts';
import { usersHandlers } from './users.ts';

/** Every operation's handler; a test fails when an operation of the contract has none. */
export const handlers: OperationHandlers = {
  ...usersHandlers,
  ...directoryHandlers,
  ...configHandlers,
  ...authHandlers,
  ...devHandlers,
  ...bookingHandlers,
  ...contentHandlers,
  ...couponsHandlers,
  ...chatHandlers,
  ...patientsHandlers,
  ...accessLogHandlers,
  ...personsHandlers,
};

/** The spec's own wording for missing or refused fields, per operation (see pipeline.ts). */
export const fieldMessages: FieldMessages = {
  ...contentFieldMessages,
};
