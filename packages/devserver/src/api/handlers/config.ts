import {
  maintenanceInfo,
  portalConfig,
  privacyStatement,
  termsDocument,
} from '../../core/config.ts';
import { reply } from '../pipeline.ts';
import type { OperationHandlers } from '../types.ts';

/** Handlers of the configuration, terms and privacy operations: request → core → reply. */
export const configHandlers: OperationHandlers = {
  getConfig: ({ state }) => reply.json(200, portalConfig(state)),
  getMaintenance: ({ state, language }) => reply.json(200, maintenanceInfo(state, language)),
  getTerms: ({ state, language }) => reply.json(200, termsDocument(state, language)),
  getPrivacyStatement: ({ state, language }) => reply.json(200, privacyStatement(state, language)),
};
