import { AREAS_OF_INTEREST } from '@portal/sdk';
import type { OperationId } from '@portal/sdk/contract';
import { ownUserId, validBody } from '../discovery.ts';
import { errorCode, expectErrorCode, expectStatus, idOf, jsonObject } from '../expect.ts';
import { isObject, type JsonObject } from '../json.ts';
import { describe, fail, skip, type Runner } from '../runner.ts';
import { Flow, hasAll, need, stringField, tokenOrReason } from './flow.ts';

/** The writable fields of a body schema, taken from a value read from the server. */
function pick(runner: Runner, spec: OperationId, source: JsonObject): JsonObject | undefined {
  const media = runner
    .op(spec)
    .requestBody?.content.find((m) => m.contentType === 'application/json');
  if (!media?.pointer) return undefined;
  const schema = runner.samples.valid(media.pointer);
  if (!isObject(schema)) return undefined;
  const body: JsonObject = {};
  for (const key of Object.keys(schema)) if (key in source) body[key] = source[key];
  return runner.samples.isValid(media.pointer, body) ? body : undefined;
}

function isValidBody(runner: Runner, id: OperationId, body: unknown): boolean {
  const media = runner
    .op(id)
    .requestBody?.content.find((m) => m.contentType === 'application/json');
  return media?.pointer ? runner.samples.isValid(media.pointer, body) : false;
}

/** Runs a one-operation check only when the operation is selected and in the contract. */
function wanted(runner: Runner, ...ids: OperationId[]): boolean {
  const last = ids[ids.length - 1];
  return last !== undefined && hasAll(runner, ids) && runner.isSelected(last);
}

/**
 * The signed-in user's own data, written back unchanged where possible: settings, terms, privacy
 * statement, marketing terms, the published profile call; the health form, feedback, and the
 * admin's patient edit. The two account deletions are never run.
 */
export async function accountFlows(runner: Runner): Promise<void> {
  const patient = tokenOrReason(runner, 'patient');
  const token = 'token' in patient ? patient.token : null;
  const needPatient = (): void => {
    if (!token) skip('reason' in patient ? patient.reason : 'no patient token');
  };

  if (wanted(runner, 'getUserSettings', 'updateUserSettings')) {
    await runner.check(
      'updateUserSettings',
      'saves the settings it read back unchanged (200)',
      { id: 'own_data_written_back', destructive: true, category: 'business' },
      async () => {
        needPatient();
        const read = await runner.call('getUserSettings', 'settings: read', { token });
        expectStatus(runner.op('getUserSettings'), read, [200]);
        const answer = await runner.call('updateUserSettings', 'settings: write back', {
          token,
          json: read.json,
        });
        expectStatus(runner.op('updateUserSettings'), answer, [200]);
        if (JSON.stringify(answer.json) !== JSON.stringify(read.json))
          fail(`saved ${JSON.stringify(read.json)}, answered ${describe(answer)}`);
      },
    );
  }

  for (const [read, accept] of [
    ['getTerms', 'acceptTerms'],
    ['getPrivacyStatement', 'acceptPrivacyStatement'],
  ] as const) {
    if (!wanted(runner, read, accept)) continue;
    await runner.check(
      accept,
      'accepts the current version again (204)',
      { id: 'own_data_written_back', destructive: true, category: 'business' },
      async () => {
        needPatient();
        const document = await runner.call(read, 'acceptance: current version', { token });
        expectStatus(runner.op(read), document, [200]);
        const version = stringField(document.json, 'version');
        if (!version) fail(`no version in ${describe(document)}`);
        const answer = await runner.call(accept, 'acceptance: accept the current version', {
          token,
          json: { version },
        });
        expectStatus(runner.op(accept), answer, [204]);
      },
    );
    await runner.check(
      accept,
      'answers 409 outdated-version for a version that is not the current one',
      { id: 'outdated_version_refused', category: 'business' },
      async () => {
        needPatient();
        const answer = await runner.call(accept, 'acceptance: an old version', {
          token,
          json: { version: 'conformance-0000' },
        });
        expectStatus(runner.op(accept), answer, [409]);
        expectErrorCode(answer, ['outdated-version']);
      },
    );
  }

  if (wanted(runner, 'acceptNewMarketingTerms')) {
    await runner.check(
      'acceptNewMarketingTerms',
      'accepts the new marketing terms (204, idempotent)',
      { id: 'own_data_written_back', destructive: true, category: 'business' },
      async () => {
        needPatient();
        for (const label of ['marketing terms: accept', 'marketing terms: accept again']) {
          const answer = await runner.call('acceptNewMarketingTerms', label, { token });
          expectStatus(runner.op('acceptNewMarketingTerms'), answer, [204]);
        }
      },
    );
  }

  if (wanted(runner, 'getMe', 'updateProfile')) {
    await runner.check(
      'updateProfile',
      "saves the signed-in patient's own profile unchanged (200)",
      { id: 'own_data_written_back', destructive: true, category: 'business' },
      async () => {
        needPatient();
        const me = await runner.call('getMe', 'profile: read the user', { token });
        expectStatus(runner.op('getMe'), me, [200]);
        const user = jsonObject(me);
        const person = isObject(user.Person) ? user.Person : {};
        const areas = Array.isArray(user.AreasOfInterests) ? user.AreasOfInterests : [];
        const body: JsonObject = {
          email: person.EmailAddress ?? null,
          phone: person.PhoneNumber ?? null,
          smsMarketingEnabled: user.SmsMarketingEnabled,
          emailMarketingEnabled: user.EmailMarketingEnabled,
          privacyPolicyAccepted: user.PrivacyPolicyAccepted,
          termsAccepted: user.TermsAccepted,
          branchId: user.OwnBranchId ?? null,
          employeeId: user.OwnEmployeeId ?? null,
        };
        for (const area of AREAS_OF_INTEREST) body[area] = areas.includes(area);
        if (!isValidBody(runner, 'updateProfile', body))
          skip(`the user's data does not make a valid ProfileUpdate: ${JSON.stringify(body)}`);
        const answer = await runner.call('updateProfile', 'profile: write back', {
          token,
          path: { id: idOf(user) },
          json: body,
        });
        expectStatus(runner.op('updateProfile'), answer, [200]);
      },
    );
  }

  if (wanted(runner, 'getAnamnesis', 'submitAnamnesis')) {
    await runner.check(
      'submitAnamnesis',
      'stores a health form while the form is enabled (201), or answers 409 anamnesis-disabled',
      { id: 'forms_accepted', destructive: true, category: 'business' },
      async () => {
        needPatient();
        const status = await runner.call('getAnamnesis', 'anamnesis: status', { token });
        expectStatus(runner.op('getAnamnesis'), status, [200]);
        const enabled = jsonObject(status).enabled === true;
        const answer = await runner.call('submitAnamnesis', 'anamnesis: submit', {
          token,
          json: await validBody(runner, runner.op('submitAnamnesis')),
        });
        if (enabled) expectStatus(runner.op('submitAnamnesis'), answer, [201]);
        else {
          expectStatus(runner.op('submitAnamnesis'), answer, [409]);
          expectErrorCode(answer, ['anamnesis-disabled']);
        }
      },
    );
  }

  if (wanted(runner, 'sendFeedback')) {
    await runner.check(
      'sendFeedback',
      'accepts feedback on a listed branch (201)',
      { id: 'forms_accepted', destructive: true, category: 'business' },
      async () => {
        needPatient();
        const answer = await runner.call('sendFeedback', 'feedback: send', {
          token,
          json: await validBody(runner, runner.op('sendFeedback')),
        });
        expectStatus(runner.op('sendFeedback'), answer, [201]);
      },
    );
  }

  if (
    wanted(runner, 'getPatient', 'updatePatient') &&
    runner.wants('patient_record_written_back')
  ) {
    const flow = new Flow(runner, 'patient administration', 'patient_record_written_back');
    const admin = tokenOrReason(runner, 'admin');
    if ('reason' in admin) flow.block(admin.reason);
    const adminToken = 'token' in admin ? admin.token : null;
    const id = await ownUserId(runner, 'patient');
    if (id === undefined)
      flow.block('the patient test user is unknown (no patient token, or getMe failed)');
    const record = await flow.step(
      'getPatient',
      'returns the patient test user to an admin',
      {},
      async () => {
        const answer = await runner.call('getPatient', 'patients: read the patient', {
          token: adminToken,
          path: { id },
        });
        expectStatus(runner.op('getPatient'), answer, [200]);
        if (idOf(answer.json) !== id) fail(`asked for ${id}, got ${describe(answer)}`);
        return jsonObject(answer);
      },
    );
    await flow.step(
      'updatePatient',
      'saves the patient it read back unchanged (200)',
      { destructive: true },
      async () => {
        const body = pick(runner, 'updatePatient', need(record, 'the patient record'));
        if (!body) skip('the patient record does not make a valid AdminPatientUpdate');
        const answer = await runner.call('updatePatient', 'patients: write back', {
          token: adminToken,
          path: { id },
          json: body,
        });
        expectStatus(runner.op('updatePatient'), answer, [200]);
        if (errorCode(answer)) fail(describe(answer));
      },
    );
  }

  const never =
    'not run: it would delete a user the checker did not create (the 401/403/404 checks still run)';
  const deletion = { id: 'account_deletion', destructive: true, category: 'business' } as const;
  if (runner.has('deleteCurrentPatient'))
    runner.skipped(
      'deleteCurrentPatient',
      "deletes the signed-in user's account (204)",
      never,
      deletion,
    );
  if (runner.has('deletePatient'))
    runner.skipped('deletePatient', 'deletes a patient (204)', never, deletion);
}
