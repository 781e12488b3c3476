import type { FastifyInstance } from 'fastify';
import { indexContract, type ContractIndex } from '@portal/sdk/contract';

// The portal's contract nests no child under a parent's id in its paths (issue 56: each path has
// one id at most), so the resource-hierarchy rule is tried on a test-only pair added to it and to
// a dev server: owners and their pets, `/api/test-nesting/owners/{ownerId}/pets/{petId}`.
// Constants and functions only (the test files of a worker share this module).

const ID = { $ref: '#/components/schemas/Id' };
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const NOT_FOUND = { $ref: '#/components/responses/NotFound' };
const BAD_REQUEST = { $ref: '#/components/responses/BadRequest' };
const PET = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: ID, name: { type: 'string', minLength: 1, maxLength: 50 } },
};
const pathId = (name: string) => ({ name, in: 'path', required: true, schema: ID });
const operation = (operationId: string, extra: Record<string, unknown>) => ({
  operationId,
  summary: operationId,
  tags: ['test-nesting'],
  'x-status': 'proposed',
  'x-roles': ['public'],
  ...extra,
});

/** The test-only paths: the owners, an owner's pets, one pet (read, rename, delete). */
export const NESTED_PATHS = {
  '/api/test-nesting/owners': {
    get: operation('listTestOwners', {
      responses: { '200': { description: 'The owners.', ...json({ type: 'array', items: PET }) } },
    }),
  },
  '/api/test-nesting/owners/{ownerId}/pets': {
    parameters: [pathId('ownerId')],
    get: operation('listTestPets', {
      responses: {
        '200': { description: "The owner's pets.", ...json({ type: 'array', items: PET }) },
        '400': BAD_REQUEST,
        '404': NOT_FOUND,
      },
    }),
  },
  '/api/test-nesting/owners/{ownerId}/pets/{petId}': {
    parameters: [pathId('ownerId'), pathId('petId')],
    get: operation('getTestPet', {
      responses: {
        '200': { description: 'The pet.', ...json(PET) },
        '400': BAD_REQUEST,
        '404': NOT_FOUND,
      },
    }),
    put: operation('renameTestPet', {
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['name'],
              properties: { name: { type: 'string', minLength: 1, maxLength: 50 } },
            },
            example: { name: 'Renamed' },
          },
        },
      },
      responses: {
        '200': { description: 'Renamed.', ...json(PET) },
        '400': BAD_REQUEST,
        '404': NOT_FOUND,
      },
    }),
    delete: operation('deleteTestPet', {
      responses: { '204': { description: 'Deleted.' }, '400': BAD_REQUEST, '404': NOT_FOUND },
    }),
  },
} as const;

/** The operations of the test-only paths. */
export const NESTED_OPERATIONS = [
  'listTestOwners',
  'listTestPets',
  'getTestPet',
  'renameTestPet',
  'deleteTestPet',
] as const;

export type NestedOperation = (typeof NESTED_OPERATIONS)[number];

/** The portal's contract with the test-only paths added. */
export function nestedContract(): ContractIndex {
  const document = indexContract().document;
  return indexContract({
    ...document,
    paths: { ...(document.paths as Record<string, unknown>), ...NESTED_PATHS },
  });
}

const NOT_FOUND_BODY = { UserMessage: 'Not found.', Code: 'not-found' };

/**
 * Adds the test-only routes to a dev server: two owners with their pets. `buggy`: a pet is looked
 * up by its own id alone, whatever owner the path names (the bug the rule is for).
 */
export function addNestedRoutes(app: FastifyInstance, { buggy = false } = {}): void {
  const owners = [
    { id: 1, name: 'Ann' },
    { id: 2, name: 'Bo' },
  ];
  const pets = new Map<number, { id: number; name: string; ownerId: number }>([
    [11, { id: 11, name: 'Rex', ownerId: 1 }],
    [12, { id: 12, name: 'Tip', ownerId: 1 }],
    [21, { id: 21, name: 'Mio', ownerId: 2 }],
  ]);
  const view = ({ id, name }: { id: number; name: string }) => ({ id, name });
  type Params = { ownerId: string; petId: string };
  const find = (params: Params) => {
    const pet = pets.get(Number(params.petId));
    if (!pet) return undefined;
    return buggy || pet.ownerId === Number(params.ownerId) ? pet : undefined;
  };
  const base = '/api/test-nesting/owners';
  app.get(base, async () => owners);
  app.get<{ Params: Params }>(`${base}/:ownerId/pets`, async (request, reply) => {
    if (!owners.some((o) => o.id === Number(request.params.ownerId)))
      return reply.code(404).send(NOT_FOUND_BODY);
    return [...pets.values()].filter((p) => p.ownerId === Number(request.params.ownerId)).map(view);
  });
  app.get<{ Params: Params }>(`${base}/:ownerId/pets/:petId`, async (request, reply) => {
    const pet = find(request.params);
    return pet ? view(pet) : reply.code(404).send(NOT_FOUND_BODY);
  });
  app.put<{ Params: Params; Body: { name?: unknown } }>(
    `${base}/:ownerId/pets/:petId`,
    async (request, reply) => {
      const pet = find(request.params);
      if (!pet) return reply.code(404).send(NOT_FOUND_BODY);
      if (typeof request.body?.name === 'string') pet.name = request.body.name;
      return view(pet);
    },
  );
  app.delete<{ Params: Params }>(`${base}/:ownerId/pets/:petId`, async (request, reply) => {
    const pet = find(request.params);
    if (!pet) return reply.code(404).send(NOT_FOUND_BODY);
    pets.delete(pet.id);
    return reply.code(204).send();
  });
}
