export { loadContract } from './load.ts';
export { indexContract, toRoutePath } from './operations.ts';
export type {
  ContractIndex,
  HttpMethod,
  MediaSpec,
  OperationId,
  OperationSpec,
  ParameterSpec,
  ResponseSpec,
  Role,
} from './operations.ts';
export { ContractSchemas } from './schemas.ts';
export type { ErrorObject } from './schemas.ts';
