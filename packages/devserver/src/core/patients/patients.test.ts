import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { contractTools, createHarness, type Harness } from '../../../test/harness.ts';
import { resetState } from '../seed.ts';
import { isValidPhone, phoneDigits, roleLabel } from './patients.ts';
import { EXTRA_PATIENTS, testUsers } from '../users/seed.ts';
import { FAMILY_MEMBERS } from '../persons/seed.ts';

/** Every account of the seed: the test users, the other patients and the families (issue 55). */
const ACCOUNTS = testUsers.length + EXTRA_PATIENTS + FAMILY_MEMBERS;

type Patient = Schemas['AdminPatient'];

async function allPatients(h: Harness, search?: string): Promise<Patient[]> {
  const items: Patient[] = [];
  for (let page = 1; ; page++) {
    const { json } = await h.call('listPatients', {
      as: 'admin',
      query: { search, page, pageSize: 100 },
    });
    items.push(...json.items);
    if (items.length >= json.total) return items;
  }
}

function updateBody(patient: Patient, changes: Partial<Schemas['AdminPatientUpdate']> = {}) {
  const { firstname, lastname, email, phone, role, smsMarketing, emailMarketing } = patient;
  const { messagingConsent, street, postalCode, city } = patient;
  return {
    firstname,
    lastname,
    email,
    phone,
    role,
    smsMarketing,
    emailMarketing,
    messagingConsent,
    street,
    postalCode,
    city,
    ...changes,
  };
}

/** A strict RFC 4180 reader for checking the export (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else {
          field += text[i];
          i++;
        }
      }
    } else if (text[i] === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (text.startsWith('\r\n', i)) {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else {
      field += text[i];
      i++;
    }
  }
  if (field !== '' || row.length > 0) throw new Error('the last line does not end in CRLF');
  return rows;
}

const HEADER = 'id,firstname,lastname,email,phone,smsMarketing,emailMarketing';

async function exportCsv(h: Harness) {
  // The harness compares only the base media type (`text/csv`) with the documented one
  // (`text/csv; charset=utf-8`), so this check is done here instead.
  const response = await h.call('exportMarketingConsents', { as: 'admin', unchecked: true });
  const { index } = contractTools();
  const documented = index.byId
    .get('exportMarketingConsents')!
    .responses.find((r) => r.status === '200')!;
  expect(documented.content.map((m) => m.contentType)).toEqual([response.contentType]);
  return { ...response, text: response.body as string };
}

describe('staff patient administration: access', () => {
  test('Only admins manage patients: a content manager and a patient get 403', async () => {
    const h = createHarness();
    for (const as of ['content-manager', 'patient'] as const) {
      const calls = [
        await h.call('listPatients', { as }),
        await h.call('getPatient', { as, path: { id: 1 } }),
        await h.call('updatePatient', {
          as,
          path: { id: 1 },
          body: updateBody((await h.call('getPatient', { as: 'admin', path: { id: 1 } })).json),
        }),
        await h.call('deletePatient', { as, path: { id: 2 } }),
        await h.call('exportMarketingConsents', { as }),
      ];
      for (const call of calls) {
        expect(call.status).toBe(403);
        expect(call.json.Code).toBe('forbidden');
      }
    }
    expect(h.state.db.user.count()).toBe(ACCOUNTS);
    expect((await h.call('listPatients')).status).toBe(401);
  });
});

describe('listing and searching patients', () => {
  test('The list holds every account, by last name in Finnish order, then first name, then id', async () => {
    const h = createHarness();
    const all = await allPatients(h);
    expect(all).toHaveLength(ACCOUNTS);
    const collator = new Intl.Collator('fi');
    for (let i = 1; i < all.length; i++) {
      const a = all[i - 1]!;
      const b = all[i]!;
      const order =
        collator.compare(a.lastname, b.lastname) ||
        collator.compare(a.firstname, b.firstname) ||
        a.id - b.id;
      expect(order).toBeLessThan(0);
    }
    const position = (lastname: string) => all.findIndex((p) => p.lastname === lastname);
    // Finnish alphabet: … Y, Z, Å, Ä, Ö — so "Meikäläinen" comes before "Mäkelä".
    expect(position('Meikäläinen')).toBeLessThan(position('Mäkelä'));
    expect(position('Ylläpitäjä')).toBeLessThan(position('Åberg'));
    expect(position('Åberg')).toBeLessThan(position('Öhman'));
  });

  test('Paging gives pageSize accounts per page and an empty page past the end', async () => {
    const h = createHarness();
    const last = await h.call('listPatients', { as: 'admin', query: { page: 8, pageSize: 20 } });
    expect(last.json).toMatchObject({ total: ACCOUNTS, page: 8, pageSize: 20 });
    expect(last.json.items).toHaveLength(ACCOUNTS - 7 * 20);
    const past = await h.call('listPatients', { as: 'admin', query: { page: 9 } });
    expect(past.json.items).toEqual([]);
    expect(past.json.pageSize).toBe(20);
    const bad = await h.call('listPatients', { as: 'admin', query: { pageSize: 101 } });
    expect(bad.status).toBe(400);
  });

  test('Search matches a substring of names, email, phone or national id, ignoring case', async () => {
    const h = createHarness();
    const ids = async (search: string) => (await allPatients(h, search)).map((p) => p.id);
    const patient = h.userId('patient');
    expect(await ids('MEIKÄLÄINEN')).toEqual([patient]);
    expect(await ids('maija meik')).toEqual([patient]);
    expect(await ids('maija.meikalainen@EXAMPLE')).toEqual([patient]);
    expect(await ids('+358401000004')).toEqual([h.userId('admin')]);
    const ssn = (await h.call('getPatient', { as: 'admin', path: { id: patient } })).json.ssn;
    expect(await ids(ssn.toLowerCase())).toEqual([patient]);
    expect(await ids(ssn.slice(0, 6))).toContain(patient);
    expect(await ids('no such person')).toEqual([]);
    expect(await ids('')).toHaveLength(ACCOUNTS);
  });

  test('A phone search finds a number written in the other form', async () => {
    const h = createHarness();
    const found = await allPatients(h, '040 100 0001');
    expect(found.map((p) => p.id)).toEqual([h.userId('patient')]);
  });
});

describe('one patient', () => {
  test('The detail has the spec fields and the role display value', async () => {
    const h = createHarness();
    const patient = await h.call('getPatient', { as: 'admin', path: { id: h.userId('patient') } });
    expect(patient.status).toBe(200);
    expect(patient.json).toMatchObject({
      id: 1,
      firstname: 'Maija',
      lastname: 'Meikäläinen',
      email: 'maija.meikalainen@example.fi',
      phone: '+358401000001',
      role: 'Patient',
      smsMarketing: false,
      emailMarketing: true,
      messagingConsent: true,
    });
    expect(patient.json.ssn).toMatch(/^150385-914[0-9A-Y]$/);
    const role = async (key: 'admin' | 'content-manager') =>
      (await h.call('getPatient', { as: 'admin', path: { id: h.userId(key) } })).json.role;
    expect(await role('admin')).toBe('Admin');
    expect(await role('content-manager')).toBe('Content manager');
    expect((await h.call('getPatient', { as: 'admin', path: { id: 9999 } })).status).toBe(404);
  });

  test('An admin updates a patient, the role takes effect at once and the ssn stays', async () => {
    const h = createHarness();
    const id = h.userId('patient');
    const token = h.tokenFor('patient');
    const before = (await h.call('getPatient', { as: 'admin', path: { id } })).json;
    const { status, json } = await h.call('updatePatient', {
      as: 'admin',
      path: { id },
      body: {
        ...updateBody(before, {
          email: 'maija@example.com',
          phone: '040 765 4321',
          role: 'Content manager',
          smsMarketing: true,
          city: 'Espoo',
          postalCode: '02100',
        }),
        ssn: '010101-9999',
        id: 77,
      },
    });
    expect(status).toBe(200);
    expect(json).toEqual({
      ...before,
      email: 'maija@example.com',
      phone: '040 765 4321',
      role: 'Content manager',
      smsMarketing: true,
      city: 'Espoo',
      postalCode: '02100',
    });
    expect((await h.call('getPatient', { as: 'admin', path: { id } })).json).toEqual(json);
    // The same session now has the content manager's rights.
    expect((await h.call('adminListCoupons', { token })).status).toBe(200);
  });

  test('An invalid email or phone answers field errors and changes nothing', async () => {
    const h = createHarness();
    const id = h.userId('patient');
    const before = (await h.call('getPatient', { as: 'admin', path: { id } })).json;
    // '12345' passes the contract's pattern; the server's own phone rule refuses it.
    const { status, json } = await h.call('updatePatient', {
      as: 'admin',
      path: { id },
      body: updateBody(before, { phone: '12345', firstname: 'Maikki' }),
    });
    expect(status).toBe(400);
    expect(json.Code).toBe('validation-failed');
    expect(json.Errors).toEqual([
      {
        field: 'phone',
        errorMessage: 'Enter a phone number like 040 123 4567 or +358 40 123 4567.',
      },
    ]);
    const local = await h.call('updatePatient', {
      as: 'admin',
      path: { id },
      body: updateBody(before, { email: 'maija@localhost' }),
    });
    expect(local.json.Errors).toEqual([
      { field: 'email', errorMessage: 'Enter a valid email address.' },
    ]);
    const trunkZero = await h.call('updatePatient', {
      as: 'admin',
      path: { id },
      body: updateBody(before, { phone: '+358 040 123 4567' }),
    });
    expect(trunkZero.json.Errors.map((e: { field: string }) => e.field)).toEqual(['phone']);
    expect((await h.call('getPatient', { as: 'admin', path: { id } })).json).toEqual(before);
    const schema = await h.call('updatePatient', {
      as: 'admin',
      path: { id },
      headers: { 'Accept-Language': 'fi' },
      body: updateBody(before, { email: 'not an email' }),
    });
    expect(schema.json.Errors).toEqual([
      { field: 'email', errorMessage: 'Anna sähköpostiosoite muodossa nimi@esimerkki.fi.' },
    ]);
  });

  test('A blank name is refused, and blank or null address parts are cleared', async () => {
    const h = createHarness();
    const id = h.userId('survey');
    const before = (await h.call('getPatient', { as: 'admin', path: { id } })).json;
    const blank = await h.call('updatePatient', {
      as: 'admin',
      path: { id },
      body: updateBody(before, { lastname: '   ' }),
    });
    expect(blank.status).toBe(400);
    expect(blank.json.Errors).toEqual([
      { field: 'lastname', errorMessage: 'Please fill this field' },
    ]);
    const cleared = await h.call('updatePatient', {
      as: 'admin',
      path: { id },
      body: updateBody(before, {
        street: null,
        postalCode: null,
        city: '  ',
        email: null,
        phone: null,
      }),
    });
    expect(cleared.status).toBe(200);
    expect(cleared.json).toMatchObject({
      street: null,
      postalCode: null,
      city: null,
      email: null,
      phone: null,
    });
  });

  test('An admin cannot change their own role but can edit their other details', async () => {
    const h = createHarness();
    const id = h.userId('admin');
    const me = (await h.call('getPatient', { as: 'admin', path: { id } })).json;
    const demote = await h.call('updatePatient', {
      as: 'admin',
      path: { id },
      body: updateBody(me, { role: 'Patient' }),
    });
    expect(demote.status).toBe(403);
    expect(demote.json).toEqual({
      UserMessage: 'You cannot change your own role.',
      Code: 'forbidden',
    });
    expect((await h.call('getPatient', { as: 'admin', path: { id } })).json.role).toBe('Admin');
    const edit = await h.call('updatePatient', {
      as: 'admin',
      path: { id },
      body: updateBody(me, { phone: '+358 50 111 2222' }),
    });
    expect(edit.status).toBe(200);
    expect(edit.json.phone).toBe('+358 50 111 2222');
  });

  test('An admin can change another admin’s role', async () => {
    const h = createHarness();
    const other = h.userId('content-manager');
    const before = (await h.call('getPatient', { as: 'admin', path: { id: other } })).json;
    const promote = await h.call('updatePatient', {
      as: 'admin',
      path: { id: other },
      body: updateBody(before, { role: 'Admin' }),
    });
    expect(promote.json.role).toBe('Admin');
  });

  test('Updating an unknown account answers 404', async () => {
    const h = createHarness();
    const me = (await h.call('getPatient', { as: 'admin', path: { id: 1 } })).json;
    expect(
      (await h.call('updatePatient', { as: 'admin', path: { id: 9999 }, body: updateBody(me) }))
        .status,
    ).toBe(404);
  });
});

describe('deleting a patient', () => {
  test('Deleting a patient ends their sessions and removes their coupon redemptions', async () => {
    const h = createHarness();
    const id = h.userId('patient');
    const token = h.tokenFor('patient');
    expect((await h.call('listCoupons', { token })).status).toBe(200);
    expect((await h.call('deletePatient', { as: 'admin', path: { id } })).status).toBe(204);
    expect((await h.call('listCoupons', { token })).status).toBe(401);
    expect(h.state.db.session.getAll().filter((s) => s.userId === id)).toEqual([]);
    expect(h.state.db.couponRedemption.getAll().filter((r) => r.userId === id)).toEqual([]);
    expect((await h.call('getPatient', { as: 'admin', path: { id } })).status).toBe(404);
    expect((await h.call('listPatients', { as: 'admin' })).json.total).toBe(ACCOUNTS - 1);
    expect((await h.call('deletePatient', { as: 'admin', path: { id } })).status).toBe(404);
  });

  test('A patient deleting their own account also loses their coupon redemptions', async () => {
    const h = createHarness();
    const id = h.userId('patient');
    expect(h.state.db.couponRedemption.getAll().some((r) => r.userId === id)).toBe(true);
    expect((await h.call('deleteCurrentPatient', { as: 'patient' })).status).toBe(204);
    expect(h.state.db.couponRedemption.getAll().filter((r) => r.userId === id)).toEqual([]);
  });

  test('After a reset the seed is back and deletions still drop redemptions', async () => {
    const h = createHarness();
    resetState(h.state);
    const id = h.userId('survey');
    await h.call('redeemCoupon', { as: 'survey', path: { id: 1 } });
    expect((await h.call('deletePatient', { as: 'admin', path: { id } })).status).toBe(204);
    expect(h.state.db.couponRedemption.getAll().filter((r) => r.userId === id)).toEqual([]);
  });

  test('An admin cannot delete their own account here', async () => {
    const h = createHarness();
    const id = h.userId('admin');
    const { status, json } = await h.call('deletePatient', { as: 'admin', path: { id } });
    expect(status).toBe(403);
    expect(json.UserMessage).toBe('You cannot delete your own account in patient administration.');
    expect((await h.call('getPatient', { as: 'admin', path: { id } })).status).toBe(200);
  });
});

describe('the marketing export', () => {
  test('The export is a CSV of the consenting users by id, under the documented header', async () => {
    const h = createHarness();
    const { status, headers, text } = await exportCsv(h);
    expect(status).toBe(200);
    expect(headers['Content-Disposition']).toBe(
      'attachment; filename="marketing-export-2026-11-23.csv"',
    );
    expect(text.startsWith(`${HEADER}\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const [header, ...rows] = parseCsv(text);
    expect(header?.join(',')).toBe(HEADER);
    const consenting = h.state.db.user
      .getAll()
      .filter((u) => u.smsMarketingEnabled || u.emailMarketingEnabled)
      .map((u) => String(u.id))
      .sort((a, b) => Number(a) - Number(b));
    expect(rows.map((r) => r[0])).toEqual(consenting);
    expect(rows.every((r) => r.length === 7 && (r[5] === 'true' || r[6] === 'true'))).toBe(true);
    expect(rows[0]).toEqual([
      '1',
      'Maija',
      'Meikäläinen',
      'maija.meikalainen@example.fi',
      '+358401000001',
      'false',
      'true',
    ]);
  });

  test('A name with a comma and a quote is quoted per RFC 4180, a missing phone is empty', async () => {
    const h = createHarness();
    const id = h.userId('survey');
    const before = (await h.call('getPatient', { as: 'admin', path: { id } })).json;
    await h.call('updatePatient', {
      as: 'admin',
      path: { id },
      body: updateBody(before, { lastname: 'Korhonen, "Jr."', smsMarketing: true, phone: null }),
    });
    const { text } = await exportCsv(h);
    expect(text).toContain(
      `\r\n${id},Siiri,"Korhonen, ""Jr.""",siiri.kyselinen@example.fi,,true,false\r\n`,
    );
    const row = parseCsv(text).find((r) => r[0] === String(id));
    expect(row?.[2]).toBe('Korhonen, "Jr."');
  });

  test('The file name carries the Helsinki date', async () => {
    const h = createHarness({ now: new Date('2026-11-23T22:30:00Z') });
    const { headers } = await exportCsv(h);
    expect(headers['Content-Disposition']).toBe(
      'attachment; filename="marketing-export-2026-11-24.csv"',
    );
  });

  test('With no consenting users the file is only the header row', async () => {
    const h = createHarness();
    h.state.db.user.updateMany({
      where: { id: { gte: 1 } },
      data: { smsMarketingEnabled: false, emailMarketingEnabled: false },
    });
    expect((await exportCsv(h)).text).toBe(`${HEADER}\r\n`);
  });
});

describe('patient rules as functions', () => {
  test('Phone numbers are accepted in international or national form', () => {
    for (const ok of [
      '+358 40 123 4567',
      '+358401234567',
      '040 123 4567',
      '09 123 4567',
      '+46 8 123 456',
    ]) {
      expect(isValidPhone(ok), ok).toBe(true);
    }
    for (const bad of ['12345', '+358 040 123 4567', '40 123 4567', '+0 123 456 789', '040']) {
      expect(isValidPhone(bad), bad).toBe(false);
    }
  });

  test('Phone digits compare the national and international forms', () => {
    expect(phoneDigits('+358 40 123 4567')).toBe('0401234567');
    expect(phoneDigits('040-123 4567')).toBe('0401234567');
    expect(phoneDigits('00358401234567')).toBe('0401234567');
  });

  test('Role display values come from the WebRole; anything else is a patient', () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('contentManager')).toBe('Content manager');
    expect(roleLabel('patient')).toBe('Patient');
    expect(roleLabel('other')).toBe('Patient');
  });
});
