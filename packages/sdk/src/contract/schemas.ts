import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ContractIndex } from './operations.ts';

const CONTRACT_ID = 'contract.json';

/**
 * JSON Schema validation against the contract's own schemas (OpenAPI 3.1 = JSON Schema 2020-12),
 * addressed by JSON pointers into the document (as `OperationSpec` gives them).
 */
export class ContractSchemas {
  private static readonly shared = new WeakMap<ContractIndex, ContractSchemas>();

  /**
   * The validators of a contract index, shared by everything that validates against it in this
   * process (compiled validators are pure functions; compiling them is the expensive part).
   */
  static of(index: ContractIndex): ContractSchemas {
    let schemas = ContractSchemas.shared.get(index);
    if (schemas === undefined) {
      schemas = new ContractSchemas(index);
      ContractSchemas.shared.set(index, schemas);
    }
    return schemas;
  }

  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(index: ContractIndex) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.ajv);
    this.ajv.addSchema({ ...index.document, $id: CONTRACT_ID });
  }

  validator(pointer: string): ValidateFunction {
    let validate = this.cache.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${CONTRACT_ID}#${pointer}` });
      this.cache.set(pointer, validate);
    }
    return validate;
  }

  /** The schema errors of a value (empty when valid). */
  errors(pointer: string, value: unknown): ErrorObject[] {
    const validate = this.validator(pointer);
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }
}

export type { ErrorObject };
