/**
 * The dev server's stand-in for the bank-ID identity broker. `startBankLogin` sends the browser
 * to `GET /dev/bank-broker?state=…&bank=…`, a page listing the test users; choosing one posts
 * here, and the broker returns to the portal's `/login/callback?code=…&state=…` (303), or with
 * `error=cancelled&state=…` when the user cancels. The page works without JavaScript.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../api/pipeline.ts';
import { bankLoginAtBroker, cancelBankLogin, completeBankLogin } from '../core/auth/logins.ts';
import { BANK_BROKER_PATH, brokerPageHtml, errorPage } from './bank-broker-page.ts';

const FORM = 'application/x-www-form-urlencoded';

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .headers({
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'content-security-policy':
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'",
    })
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The form fields of a posted body, whichever parser produced it. */
function formFields(body: unknown): URLSearchParams {
  if (typeof body === 'string') return new URLSearchParams(body);
  if (body instanceof Uint8Array) return new URLSearchParams(new TextDecoder().decode(body));
  if (body && typeof body === 'object') {
    const fields = new URLSearchParams();
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === 'string') fields.set(name, value);
    }
    return fields;
  }
  return new URLSearchParams();
}

/**
 * Registers the broker page (`GET` and `POST /dev/bank-broker`) on the app. `apiOf` picks the
 * request's sandbox (or the shared API), whose `onChange` runs after a login is completed or
 * cancelled (the persistence hook).
 */
export function registerBankBroker(
  app: FastifyInstance,
  apiOf: (request: FastifyRequest) => Pick<Api, 'state' | 'onChange'>,
): void {
  void app.register(async (scope) => {
    if (!scope.hasContentTypeParser(FORM)) {
      scope.addContentTypeParser(
        FORM,
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_r, body, done) => done(null, body),
      );
    }

    scope.get<{ Querystring: { state?: string } }>(
      BANK_BROKER_PATH,
      { schema: { hide: true } },
      async (request, reply) => {
        const loginState = typeof request.query.state === 'string' ? request.query.state : '';
        const view = bankLoginAtBroker(apiOf(request).state, loginState);
        if (!view.ok) {
          const { status, html } = errorPage(view.error);
          return sendHtml(reply, status, html);
        }
        return sendHtml(reply, 200, brokerPageHtml(loginState, view.value));
      },
    );

    scope.post(BANK_BROKER_PATH, { schema: { hide: true } }, async (request, reply) => {
      const fields = formFields(request.body);
      const loginState = fields.get('state') ?? '';
      const { state, onChange } = apiOf(request);
      const result =
        fields.get('action') === 'cancel'
          ? cancelBankLogin(state, loginState)
          : completeBankLogin(state, loginState, fields.get('user') ?? '');
      if (result.ok) onChange?.();
      if (!result.ok) {
        const { status, html } = errorPage(result.error);
        return sendHtml(reply, status, html);
      }
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .redirect(result.value.location, 303);
    });
  });
}
