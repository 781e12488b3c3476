import type { OperationSpec } from '@portal/sdk/contract';
import { validBody } from '../discovery.ts';
import { expectErrorCode, expectStatus, idOf, type StatusExpectation } from '../expect.ts';
import { isObject } from '../json.ts';
import { describe, fail, type Runner } from '../runner.ts';
import type { TestUser } from '../types.ts';
import { serverNow } from './dev-clock.ts';
import { Flow, helsinkiDate } from './flow.ts';

interface Resource {
  create: OperationSpec;
  read: OperationSpec;
  update: OperationSpec | undefined;
  remove: OperationSpec;
  /** The patient's view of the same resource (`/api/articles/{id}` for `/api/admin/articles`). */
  patientRead: OperationSpec | undefined;
  /** Sub-resources a patient puts and deletes (`/api/events/{id}/reminder`). */
  patientPut: OperationSpec | undefined;
  patientDelete: OperationSpec | undefined;
}

/** Collections with create, read, delete (and update) by id, found from the contract's paths. */
function resources(runner: Runner): Resource[] {
  const find = (method: string, path: string): OperationSpec | undefined =>
    runner.index.operations.find((o) => o.method === method && o.path === path);
  const out: Resource[] = [];
  for (const create of runner.index.operations) {
    if (create.method !== 'POST' || create.path.includes('{')) continue;
    const item = `${create.path}/{id}`;
    const read = find('GET', item);
    const remove = find('DELETE', item);
    if (!read || !remove) continue;
    const patientItem = item.replace('/api/admin/', '/api/');
    const patientRead = patientItem !== item ? find('GET', patientItem) : undefined;
    const sub = runner.index.operations.filter(
      (o) => patientRead && o.path.startsWith(`${patientItem}/`),
    );
    out.push({
      create,
      read,
      update: find('PUT', item),
      remove,
      patientRead,
      patientPut: sub.find((o) => o.method === 'PUT'),
      patientDelete: sub.find((o) => o.method === 'DELETE'),
    });
  }
  return out;
}

const successOf = (spec: OperationSpec): StatusExpectation[] => {
  const documented = spec.responses.map((r) => Number(r.status)).filter((s) => s >= 200 && s < 300);
  return documented.length > 0 ? documented : ['2xx'];
};

/** A valid body for creating or updating: the contract's example, published and dated ahead. */
async function writeBody(runner: Runner, spec: OperationSpec): Promise<unknown> {
  const body = await validBody(runner, spec);
  if (!isObject(body)) return body;
  const media = spec.requestBody?.content.find((m) => m.contentType === 'application/json');
  const adjusted: Record<string, unknown> = { ...body };
  if (typeof adjusted.published === 'boolean') adjusted.published = true;
  if (typeof adjusted.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(adjusted.date)) {
    adjusted.date = helsinkiDate(await serverNow(runner), 30);
  }
  if (typeof adjusted.title === 'string')
    adjusted.title = `Conformance check ${adjusted.title}`.slice(0, 200);
  return media?.pointer && runner.samples.isValid(media.pointer, adjusted) ? adjusted : body;
}

async function crudFlow(runner: Runner, resource: Resource): Promise<void> {
  const { create, read, update, remove, patientRead, patientPut, patientDelete } = resource;
  const all = [create, read, update, remove, patientRead, patientPut, patientDelete].filter(
    (o): o is OperationSpec => o !== undefined,
  );
  if (!all.some((o) => runner.isSelected(o.operationId)) || !runner.wants('crud_flow')) return;
  const flow = new Flow(runner, `${create.operationId} flow`, 'crud_flow');
  const staff = (['admin', 'content-manager'] as TestUser[]).find(
    (u) => runner.token(u) && runner.allows(create, u) && runner.allows(remove, u),
  );
  if (!staff) flow.block(`no staff token allowed to call ${create.operationId} (--login-as admin)`);
  const token = staff ? runner.token(staff) : null;
  const patient = runner.token('patient');

  let id: number | undefined;
  let deleted = false;
  try {
    id = await flow.step(
      create.operationId,
      "creates a resource from the contract's example",
      { destructive: true },
      async () => {
        const answer = await runner.call(create.operationId, 'crud: create', {
          token,
          json: await writeBody(runner, create),
        });
        expectStatus(create, answer, successOf(create));
        const created = idOf(answer.json);
        if (created === undefined) fail(`no id in ${describe(answer)}`);
        return created;
      },
    );

    await flow.step(
      read.operationId,
      'returns the resource just created',
      { soft: true },
      async () => {
        const answer = await runner.call(read.operationId, 'crud: read it back', {
          token,
          path: { id },
        });
        expectStatus(read, answer, [200]);
        if (idOf(answer.json) !== id) fail(`asked for ${id}, got ${describe(answer)}`);
      },
    );

    if (update) {
      await flow.step(
        update.operationId,
        'updates the resource just created (200)',
        { destructive: true, soft: true },
        async () => {
          const answer = await runner.call(update.operationId, 'crud: update', {
            token,
            path: { id },
            json: await writeBody(runner, update),
          });
          expectStatus(update, answer, [200]);
          if (idOf(answer.json) !== id) fail(`updated ${id}, got ${describe(answer)}`);
        },
      );
    }

    if (patientRead && patient) {
      await flow.step(
        patientRead.operationId,
        'shows a published resource to a patient',
        { soft: true },
        async () => {
          const answer = await runner.call(patientRead.operationId, 'crud: read as a patient', {
            token: patient,
            path: { id },
          });
          expectStatus(patientRead, answer, [200]);
          if (idOf(answer.json) !== id) fail(`asked for ${id}, got ${describe(answer)}`);
        },
      );
      if (patientPut) {
        await flow.step(
          patientPut.operationId,
          'saves it for the patient (200)',
          { destructive: true, soft: true },
          async () => {
            const answer = await runner.call(patientPut.operationId, 'crud: put as a patient', {
              token: patient,
              path: { id },
              json: await validBody(runner, patientPut),
            });
            expectStatus(patientPut, answer, successOf(patientPut));
          },
        );
      }
      if (patientDelete) {
        await flow.step(
          patientDelete.operationId,
          'deletes it for the patient (204)',
          { destructive: true, soft: true },
          async () => {
            const answer = await runner.call(
              patientDelete.operationId,
              'crud: delete as a patient',
              { token: patient, path: { id } },
            );
            expectStatus(patientDelete, answer, successOf(patientDelete));
          },
        );
      }
    }

    await flow.step(
      remove.operationId,
      'deletes the resource it created (204)',
      { destructive: true },
      async () => {
        const answer = await runner.call(remove.operationId, 'crud: delete', {
          token,
          path: { id },
        });
        expectStatus(remove, answer, successOf(remove));
        deleted = true;
      },
    );

    await flow.step(
      read.operationId,
      'answers 404 not-found for a deleted resource',
      { soft: true },
      async () => {
        const answer = await runner.call(read.operationId, 'crud: read the deleted resource', {
          token,
          path: { id },
        });
        expectStatus(read, answer, [404]);
        expectErrorCode(answer, ['not-found']);
      },
    );
    if (patientRead && patient) {
      await flow.step(
        patientRead.operationId,
        'answers 404 not-found to a patient for a deleted resource',
        { soft: true },
        async () => {
          const answer = await runner.call(
            patientRead.operationId,
            'crud: read the deleted resource as a patient',
            { token: patient, path: { id } },
          );
          expectStatus(patientRead, answer, [404]);
          expectErrorCode(answer, ['not-found']);
        },
      );
    }
  } finally {
    if (id !== undefined && !deleted && token) {
      await runner.call(remove.operationId, 'cleanup: delete what the checker created', {
        token,
        path: { id },
      });
    }
  }
}

/** Create, read, update and delete of every staff collection, with the patient's view. */
export async function crudFlows(runner: Runner): Promise<void> {
  for (const resource of resources(runner)) await crudFlow(runner, resource);
}
