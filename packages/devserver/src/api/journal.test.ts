import { describe, expect, test } from 'vitest';
import { createHarness } from '../../test/harness.ts';
import {
  JOURNAL_BODY_BYTES,
  JOURNAL_BYTES,
  JOURNAL_SIZE,
  journalOf,
  jsonSizeUpTo,
  maskBody,
} from './journal.ts';
import { INVALID_JSON, OversizedJson } from './json-body.ts';

const sandbox = (name: string) => ({ headers: { 'X-Dev-Sandbox': name } });

describe('the request journal', () => {
  test('keeps each request with its caller and answer, newest first, filtered by path, status and user', async () => {
    const h = createHarness({ sandboxes: {} });
    const before = new Date(Date.now() - 1000).toISOString();
    await h.call('listBranches');
    await h.call('getMe', { as: 'patient' });
    await h.call('getReservation', { as: 'patient', path: { id: 999999 } });
    await h.call('getMe', { as: 'admin' });

    const all = (await h.call('listDevJournal')).json;
    expect(all).toMatchObject({ total: 4, kept: JOURNAL_SIZE });
    expect(all.items.map((e: { operationId: string }) => e.operationId)).toEqual([
      'getMe',
      'getReservation',
      'getMe',
      'listBranches',
    ]);
    expect(all.items[1]).toMatchObject({
      method: 'GET',
      url: '/api/reservations/999999',
      status: 404,
      user: 'patient',
      requestBody: null,
      responseBody: { Code: 'not-found' },
      devNow: '2026-11-23T10:00:00+02:00',
    });

    const list = async (query: Record<string, string | number>) =>
      (await h.call('listDevJournal', { query })).json.items.map(
        (e: { operationId: string; user: string | null }) => `${e.operationId} ${e.user}`,
      );
    expect(await list({ path: '/api/me' })).toEqual(['getMe admin', 'getMe patient']);
    expect(await list({ path: '/api/reservations*' })).toEqual(['getReservation patient']);
    expect(await list({ status: '4xx' })).toEqual(['getReservation patient']);
    expect(await list({ status: '200', user: 'patient' })).toEqual(['getMe patient']);
    expect(await list({ since: before, limit: 1 })).toEqual(['getMe admin']);
    expect(await list({ since: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    // Reading the journal is not recorded; a sandbox keeps its own.
    expect((await h.call('listDevJournal', sandbox('a'))).json.total).toBe(0);

    expect((await h.call('clearDevJournal')).status).toBe(204);
    expect(
      (await h.call('listDevJournal')).json.items.map(
        (e: { operationId: string }) => e.operationId,
      ),
    ).toEqual(['clearDevJournal']);
  });

  test('tokens, codes and national ids are masked; health answers are withheld', async () => {
    const h = createHarness();
    await h.call('createDevSession', { body: { user: 'patient' } });
    await h.call('checkCampaignCode', {
      body: { code: 'HYMY10', reasonId: 1 },
      unchecked: true,
    });
    await h.call('getAnamnesis', { as: 'patient', unchecked: true });
    const items = (await h.call('listDevJournal')).json.items as {
      operationId: string;
      requestBody: unknown;
      responseBody: unknown;
    }[];
    const of = (id: string) => items.find((e) => e.operationId === id)!;
    expect(of('createDevSession').responseBody).toMatchObject({
      access_token: '[redacted]',
      user: 'patient',
    });
    expect(of('checkCampaignCode').requestBody).toMatchObject({ code: '[redacted]' });
    expect(of('getAnamnesis').responseBody).toBe('[withheld: health answers]');
    expect(JSON.stringify(items)).not.toMatch(/\d{6}[-+A]\d{3}[0-9A-Y]/);
  });

  test('a body that was no JSON, or too deep to read, is named as such', () => {
    expect(maskBody(INVALID_JSON)).toBe('[not JSON]');
    expect(maskBody(new OversizedJson('depth', 32))).toBe('[refused unread: too many levels]');
  });

  test('national ids in any text are masked', () => {
    expect(
      maskBody({
        note: 'Potilas 150385-914H soitti',
        nested: [{ Ssn: '150385-914H' }],
        holdId: 'abc',
        empty: null,
      }),
    ).toEqual({
      note: 'Potilas 150385-**** soitti',
      nested: [{ Ssn: '[redacted]' }],
      holdId: '[redacted]',
      empty: null,
    });
  });

  test('an upload and a served image are kept only as their size', async () => {
    const h = createHarness();
    const journal = journalOf(h.state);
    const operation = h.api.index.byId.get('uploadCouponImage')!;
    journal.record({
      atMs: 0,
      devNowMs: 0,
      operation,
      path: { id: '3' },
      query: {},
      status: 200,
      durationMs: 1,
      user: 'content-manager',
      requestBody: new Uint8Array(2048),
      responseBody: new Uint8Array(12),
    });
    expect(journal.list().items[0]).toMatchObject({
      url: '/api/admin/coupons/3/image',
      requestBody: '[2048 bytes]',
      responseBody: '[12 bytes]',
    });
  });

  test('only the newest requests are kept', async () => {
    const h = createHarness();
    for (let i = 0; i < JOURNAL_SIZE + 5; i += 1) await h.call('getConfig');
    const journal = (await h.call('listDevJournal', { query: { limit: 1000 } })).json;
    expect(journal.total).toBe(JOURNAL_SIZE);
    expect(journal.items[0].id).toBe(JOURNAL_SIZE + 5);
    expect(journal.items.at(-1).id).toBe(6);
  });

  test('without dev mode nothing is recorded', async () => {
    const h = createHarness({ devMode: false });
    await h.call('listBranches');
    expect(journalOf(h.state).list().total).toBe(0);
  });
});

describe('a journal bounded in bytes (issue 52 item 3)', () => {
  test(`a body over ${JOURNAL_BODY_BYTES} bytes is kept only as its size, the request's by its Content-Length`, async () => {
    const h = createHarness();
    const big = { note: 'x'.repeat(JOURNAL_BODY_BYTES) };
    const answer = await h.call('checkCampaignCode', {
      body: big,
      headers: { 'content-length': '1048576' },
      unchecked: true,
    });
    expect(answer.status).toBe(400);
    // A small one is kept (masked when read, as ever).
    const small = await h.call('checkCampaignCode', { body: { code: 'KEVÄT' }, unchecked: true });
    expect(small.status).toBeLessThan(500);
    const items = journalOf(h.state).list().items;
    expect(items[1]!.requestBody).toBe('[1048576 bytes, not kept]');
    expect(items[0]!.requestBody).toEqual({ code: '[redacted]' });
  });

  test(`10,000 requests of a body just under the limit keep the journal under ${JOURNAL_BYTES} bytes, the newest kept`, () => {
    const h = createHarness();
    const journal = journalOf(h.state);
    const operation = h.api.index.byId.get('checkCampaignCode')!;
    const body = { code: 'y'.repeat(JOURNAL_BODY_BYTES - 64) };
    for (let i = 0; i < 10_000; i += 1)
      journal.record({
        atMs: i,
        devNowMs: 0,
        operation,
        path: {},
        query: {},
        status: 400,
        durationMs: 1,
        user: null,
        requestBody: body,
        responseBody: { UserMessage: 'No', Code: 'bad-request' },
      });
    expect(journal.keptBytes).toBeLessThanOrEqual(JOURNAL_BYTES);
    const { total, items } = journal.list({ limit: 1000 });
    // About a megabyte of 8 kB bodies: a hundred and some, not 500.
    expect(total).toBeGreaterThan(100);
    expect(total).toBeLessThan(JOURNAL_SIZE);
    expect(items[0]!.id).toBe(10_000);
    expect(items.at(-1)!.id).toBe(10_000 - total + 1);
  });

  test('the size of a value as JSON is counted only up to the limit', () => {
    // Near the JSON's length, never under it (separators are counted generously).
    const value = { a: [1, 'bc', null, true], b: { c: 'd' } };
    const exact = JSON.stringify(value).length;
    expect(jsonSizeUpTo(value, 1000)).toBeGreaterThanOrEqual(exact);
    expect(jsonSizeUpTo(value, 1000)).toBeLessThanOrEqual(exact + 10);
    const huge = Array.from({ length: 1_000_000 }, () => 'abc');
    expect(jsonSizeUpTo(huge, 100)).toBeGreaterThan(100);
  });
});
