import type { BrokerPage } from '../core/auth/logins.ts';
import type { DomainError } from '../core/result.ts';

/** Where `startBankLogin` sends the browser: the stand-in bank page (http/bank-broker.ts). */
export const BANK_BROKER_PATH = '/dev/bank-broker';

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

export function errorPage(error: DomainError): { status: number; html: string } {
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
