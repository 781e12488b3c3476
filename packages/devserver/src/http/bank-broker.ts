import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../api/pipeline.ts';
import {
  bankLoginAtBroker,
  cancelBankLogin,
  completeBankLogin,
  type BrokerPage,
} from '../core/auth/logins.ts';
import type { DomainError } from '../core/result.ts';

/**
 * The dev server's stand-in for the bank-ID identity broker. `startBankLogin` sends the browser
 * to `GET /dev/bank-broker?state=…&bank=…`, a page listing the test users; choosing one posts
 * here, and the broker returns to the portal's `/login/callback?code=…&state=…` (303), or with
 * `error=cancelled&state=…` when the user cancels. The page works without JavaScript.
 */
export const BANK_BROKER_PATH = '/dev/bank-broker';

const FORM = 'application/x-www-form-urlencoded';

function escapeHtml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const style = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f5; color: #1a1a1a; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem 2rem;
    border-radius: 0.75rem; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { display: flex; align-items: center; gap: 1rem; font-size: 1.4rem; }
  .note { color: #444; }
  fieldset { border: 1px solid #ccd; border-radius: 0.5rem; padding: 1rem; margin: 1rem 0; }
  legend { font-weight: 600; padding: 0 0.25rem; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem; }
  button { font: inherit; width: 100%; min-height: 2.75rem; padding: 0.5rem 1rem; text-align: left;
    border: 1px solid #1f6f43; border-radius: 0.5rem; background: #fff; cursor: pointer; }
  button:hover { background: #eaf5ee; }
  button:focus-visible { outline: 3px solid #1f6f43; outline-offset: 2px; }
  .user { font-weight: 600; }
  .bank-user { color: #444; font-family: ui-monospace, monospace; }
  button.cancel { border-color: #8a1c1c; color: #8a1c1c; text-align: center; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function brokerPageHtml(loginState: string, view: BrokerPage): string {
  const users = view.users
    .map(
      (u) =>
        `<li><button type="submit" name="user" value="${escapeHtml(u.bankUser)}">` +
        `<span class="user">${escapeHtml(u.name)}</span> ` +
        `<span class="bank-user">(${escapeHtml(u.bankUser)})</span></button></li>`,
    )
    .join('\n');
  return page(
    `Log in with ${view.bank.name} – bank ID simulator`,
    `<h1><img src="${escapeHtml(view.bank.logoUrl)}" alt="" width="120" height="42"> Log in with ${escapeHtml(view.bank.name)}</h1>
<p class="note">This is the dev server's bank ID simulator: choose who you are. No password is asked.</p>
<form method="post" action="${BANK_BROKER_PATH}">
<input type="hidden" name="state" value="${escapeHtml(loginState)}">
<fieldset>
<legend>Log in as</legend>
<ul>
${users}
</ul>
</fieldset>
<button type="submit" name="action" value="cancel" class="cancel">Cancel</button>
</form>`,
  );
}

function errorPage(error: DomainError): { status: number; html: string } {
  const [status, heading, text] =
    error.code === 'login-expired'
      ? [410, 'This login has expired', 'The login took too long or was already completed.']
      : error.code === 'not-found'
        ? [404, 'Unknown login', 'The bank does not know this login.']
        : [400, 'The choice was not valid', 'Choose one of the listed users.'];
  return {
    status,
    html: page(
      heading,
      `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(text)} Go back to the portal and start the login again.</p>`,
    ),
  };
}

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
