import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { registerBankBroker } from '../../http/bank-broker.ts';
import { userOfToken } from '../users/sessions.ts';
import { BANK_LOGIN_TTL_MS } from './logins.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function broker(h: Harness): Promise<FastifyInstance> {
  app = Fastify();
  registerBankBroker(app, () => ({ state: h.state }));
  await app.ready();
  return app;
}

async function startLogin(h: Harness, headers: Record<string, string> = {}) {
  const { json } = await h.call('startBankLogin', {
    body: { bankId: 2, returnPath: '/fi/reservation' },
    headers: { host: '127.0.0.1:3000', ...headers },
  });
  return json as { redirectUrl: string; state: string };
}

function post(server: FastifyInstance, form: Record<string, string>) {
  return server.inject({
    method: 'POST',
    url: '/dev/bank-broker',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

describe('bank ID broker page', () => {
  test('The broker page lists the test users as buttons, with a cancel button', async () => {
    const h = createHarness();
    const server = await broker(h);
    const { redirectUrl, state } = await startLogin(h);
    const url = new URL(redirectUrl);
    const page = await server.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Log in with Nordea');
    expect(page.body).toContain(`name="state" value="${state}"`);
    for (const [bankUser, name] of [
      ['maija', 'Maija Meikäläinen'],
      ['eero', 'Eero Ensikertalainen'],
      ['siiri', 'Siiri Kyselinen'],
      ['antti', 'Antti Ylläpitäjä'],
      ['sanna', 'Sanna Sisältö'],
    ]) {
      expect(page.body).toContain(
        `<button type="submit" name="user" value="${bankUser}"><span class="user">${name}</span>`,
      );
    }
    expect(page.body).toContain('name="action" value="cancel"');
  });

  test('Choosing a user returns to the portal callback with a code that logs that user in', async () => {
    const h = createHarness();
    const server = await broker(h);
    // The web app's page at the host the request reached (Vite's dev proxy keeps the Host).
    const { state } = await startLogin(h, {
      origin: 'http://localhost:5173',
      host: 'localhost:5173',
    });
    const response = await post(server, { state, user: 'siiri' });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/login/callback');
    expect(location.searchParams.get('state')).toBe(state);
    const code = location.searchParams.get('code')!;

    const token = await h.call('exchangeToken', {
      body: { grantType: 'authorization_code', code, state },
    });
    expect(token.status).toBe(200);
    expect(userOfToken(h.state, token.json.access_token)?.devKey).toBe('survey');
    // The login is done: the page cannot be used again.
    expect((await post(server, { state, user: 'antti' })).statusCode).toBe(410);
  });

  test('A login started from another site never returns its code there', async () => {
    const h = createHarness();
    const server = await broker(h);
    for (const origin of ['https://evil.example', 'http://127.0.0.1:3000.evil.example']) {
      const { state } = await startLogin(h, { origin });
      const response = await post(server, { state, user: 'maija' });
      expect(response.headers.location, origin).toMatch(/^\/login\/callback\?code=ac_/);
    }
  });

  test('A web app served from a configured origin gets the login back', async () => {
    const h = createHarness({ origins: { webOrigins: ['https://portal.example.fi'] } });
    const server = await broker(h);
    const { state } = await startLogin(h, { origin: 'https://portal.example.fi' });
    const response = await post(server, { state, user: 'maija' });
    expect(response.headers.location).toMatch(/^https:\/\/portal\.example\.fi\/login\/callback\?/);
  });

  test('Without a known portal origin the callback is a path on the same origin', async () => {
    const h = createHarness();
    const server = await broker(h);
    const { state } = await startLogin(h);
    const response = await post(server, { state, user: 'maija' });
    expect(response.headers.location).toMatch(/^\/login\/callback\?code=ac_[\w-]+&state=st_/);
  });

  test('Cancel returns to the portal with error=cancelled and ends the login', async () => {
    const h = createHarness();
    const server = await broker(h);
    const { state } = await startLogin(h);
    const response = await post(server, { state, action: 'cancel' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/login/callback?error=cancelled&state=${state}`);
    expect(
      (await server.inject({ method: 'GET', url: `/dev/bank-broker?state=${state}` })).statusCode,
    ).toBe(410);
  });

  test('An unknown login, an expired one and an unknown user get an error page', async () => {
    const h = createHarness();
    const server = await broker(h);
    const unknown = await server.inject({ method: 'GET', url: '/dev/bank-broker?state=st_nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Unknown login');

    const { state } = await startLogin(h);
    expect((await post(server, { state, user: 'nobody' })).statusCode).toBe(400);
    h.state.clock.advance(BANK_LOGIN_TTL_MS);
    const late = await server.inject({ method: 'GET', url: `/dev/bank-broker?state=${state}` });
    expect(late.statusCode).toBe(410);
    expect((await post(server, { state, user: 'maija' })).statusCode).toBe(410);
  });

  test('Names are escaped on the page', async () => {
    const h = createHarness();
    h.state.db.user.update({
      where: { id: { equals: h.userId('patient') } },
      data: { firstName: '<script>x</script>' },
    });
    const server = await broker(h);
    const { state } = await startLogin(h);
    const page = await server.inject({ method: 'GET', url: `/dev/bank-broker?state=${state}` });
    expect(page.body).not.toContain('<script>x');
    expect(page.body).toContain('&#60;script&#62;x');
  });
});
