import type { HttpAnswer, RequestMethod } from './http.ts';
import { excerpt, isObject } from './json.ts';
import type { ExchangeSummary } from './types.ts';

/**
 * What never goes into a report as it is: the run's tokens, a secret header, and every value the
 * server issues to its caller alone in the middle of the run (a token, a login's secret and
 * one-time code, a bank login's state, and the ids of the logins they go with). Each is written as
 * a shell variable (`$PATIENT_TOKEN`, `$ACCESS_TOKEN_1`); a reproducer sets an issued one from the
 * answer that issued it, so it runs as written.
 */

/** The fields of an answer (top level) whose value is issued to the caller alone, by variable prefix. */
const ISSUED_FIELDS: Readonly<Record<string, string>> = {
  access_token: 'ACCESS_TOKEN',
  refresh_token: 'REFRESH_TOKEN',
  loginSecret: 'LOGIN_SECRET',
  code: 'CODE',
  state: 'STATE',
  qrId: 'QR_ID',
  transactionId: 'TRANSACTION_ID',
};

/**
 * A value is taken for an issued one only when it looks like a credential or an opaque id: 16 or
 * more token characters in one word. A campaign or postal code stays readable, and so does a word
 * (a `state` of `cancelled` would turn up in unrelated text).
 */
const OPAQUE = /^[A-Za-z0-9_.~+/=-]{16,}$/;

/**
 * Credentials in text that no variable stands for (a body cut short, a server's own field), as a
 * last guard: `access_token`, `state`, `loginSecret` and credential-like `code` values are
 * redacted; a value already written as a variable is left as it is.
 */
export function redact(text: string): string {
  const notVariable = String.raw`(?!⟦|\$[A-Z])`;
  return text
    .replace(new RegExp(String.raw`(access_token=)${notVariable}[^&\s"']+`, 'g'), '$1[redacted]')
    .replace(
      new RegExp(
        String.raw`("(?:access_token|refresh_token|state|loginSecret)"\s*:\s*")${notVariable}[^"]*`,
        'g',
      ),
      '$1[redacted]',
    )
    .replace(
      new RegExp(String.raw`("code"\s*:\s*")${notVariable}[A-Za-z0-9_.~-]{16,}`, 'g'),
      '$1[redacted]',
    );
}

/** The name of the shell variable for a test user's token: `content-manager` → `CONTENT_MANAGER_TOKEN`. */
export function tokenVariable(user: string): string {
  return `${user.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_TOKEN`;
}

/** The shell variable for an extra header's value in reports: `X-Api-Key` → `X_API_KEY_HEADER`. */
export function headerVariable(name: string): string {
  return `${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_HEADER`;
}

/** Where a secret stood, until it is written out as a shell variable. */
const PLACEHOLDER = /⟦([A-Z0-9_]+)⟧/g;
const visible = (text: string) => text.replace(PLACEHOLDER, '$$$1');

/** A shell word: single-quoted, with placeholders spliced in as `"$VARIABLE"`. */
function shellWord(text: string): string {
  const quoted = `'${text.replace(/'/g, `'\\''`)}'`;
  return quoted.replace(PLACEHOLDER, `'"$$$1"'`).replace(/^''|''$/g, '');
}

/** Uploads up to this size are written into the reproducer (larger ones are left to a file). */
const MAX_INLINE_UPLOAD = 64 * 1024;

/**
 * Sets a variable from the last answer a script captured (`answer.txt`): the first value of a
 * JSON field of that name. Plain POSIX tools, like the rest of a reproducer.
 */
const VALUE_FUNCTION = `value() { grep -o "\\"$1\\" *: *\\"[^\\"]*\\"" answer.txt | head -n 1 | sed 's/^.*: *"//; s/"$//'; }`;

/** A request as a shell command, and what its answer gave the rest of the run. */
interface Command {
  /** `curl -i …` (an upload's bytes written first), placeholders for the secrets it sends. */
  line: string;
  label: string;
  method: RequestMethod;
  status: number | null;
  /** The variables its answer issued, with the field each is read from. */
  defines: Array<{ variable: string; field: string }>;
  /** The issued variables it sends. */
  needs: string[];
}

/** The tokens, secrets and issued values of one run, and the commands that reproduce its requests. */
export class Credentials {
  /** A value and the variable that stands for it, longest value first when they are replaced. */
  private readonly variables = new Map<string, string>();
  /** The command whose answer issued each issued variable. */
  private readonly issuedBy = new Map<string, Command>();
  private readonly counts = new Map<string, number>();
  private readonly commands = new WeakMap<ExchangeSummary, Command>();

  /** A value the reports show as this variable: a test user's token, a secret header's value. */
  keep(value: string, variable: string): void {
    this.variables.set(value, variable);
  }

  /** The text with every known secret as a placeholder. */
  private placeholders(text: string): string {
    let out = text;
    const longestFirst = [...this.variables].sort(([a], [b]) => b.length - a.length);
    for (const [value, variable] of longestFirst) out = out.split(value).join(`⟦${variable}⟧`);
    return redact(out);
  }

  /** Text for a report: every known secret as its variable (`$PATIENT_TOKEN`), the rest redacted. */
  clean(text: string): string {
    return visible(this.placeholders(text));
  }

  /** Registers what an answer issued (values of `ISSUED_FIELDS`), each as a variable of `by`. */
  private learn(answer: HttpAnswer, by: Command): void {
    if (!isObject(answer.json)) return;
    for (const [field, prefix] of Object.entries(ISSUED_FIELDS)) {
      const value = answer.json[field];
      if (typeof value !== 'string' || !OPAQUE.test(value)) continue;
      if (this.variables.has(value)) continue;
      const n = (this.counts.get(prefix) ?? 0) + 1;
      this.counts.set(prefix, n);
      const variable = `${prefix}_${n}`;
      this.variables.set(value, variable);
      this.issuedBy.set(variable, by);
      by.defines.push({ variable, field });
    }
  }

  /** The curl command of a request (secrets as placeholders; an upload's bytes inline). */
  private commandLine(answer: HttpAnswer): string {
    const parts = ['curl', '-i', '-X', answer.method, shellWord(this.placeholders(answer.url))];
    for (const [name, value] of Object.entries(answer.requestHeaders)) {
      parts.push('-H', shellWord(this.placeholders(`${name}: ${value}`)));
    }
    if (answer.requestBinary) {
      parts.push('--data-binary', '@upload.bin');
      const bytes = answer.requestBytes;
      if (bytes && bytes.byteLength <= MAX_INLINE_UPLOAD) {
        // The upload's bytes written first, so the command sends exactly what the checker did.
        const base64 = Buffer.from(bytes).toString('base64');
        return `printf '%s' '${base64}' | base64 -d > upload.bin && ${parts.join(' ')}`;
      }
      parts.push(`# ${answer.requestBody}: put the file in upload.bin`);
    } else if (answer.requestBody !== '') {
      parts.push('--data-raw', shellWord(this.placeholders(answer.requestBody)));
    }
    return parts.join(' ');
  }

  /**
   * The exchange of one request for the report: everything the run knows to be secret written
   * as its variable, what the answer issued learned (later requests and reports write it as a
   * variable too), and a `curl` reproducer that first sets the issued variables the request sends,
   * from the requests that issued them.
   */
  record(label: string, answer: HttpAnswer): ExchangeSummary {
    const sent = [answer.url, answer.requestBody, ...Object.values(answer.requestHeaders)].join(
      '\n',
    );
    const needs = [...this.issuedBy.keys()].filter((variable) =>
      [...this.variables].some(([value, name]) => name === variable && sent.includes(value)),
    );
    const command: Command = {
      line: this.commandLine(answer),
      label,
      method: answer.method,
      status: answer.status,
      defines: [],
      needs,
    };
    this.learn(answer, command);
    const summary: ExchangeSummary = {
      label,
      method: answer.method,
      url: this.clean(answer.url),
      status: answer.status,
      contentType: answer.contentType,
      body: excerpt(this.clean(answer.text), 500),
      ...(answer.error ? { error: answer.error } : {}),
      durationMs: answer.durationMs,
      requestHeaders: Object.fromEntries(
        Object.entries(answer.requestHeaders).map(([name, value]) => [name, this.clean(value)]),
      ),
      requestBody: answer.requestBinary
        ? answer.requestBody
        : excerpt(this.clean(answer.requestBody), 2000),
      curl: this.script([], command),
    };
    this.commands.set(summary, command);
    return summary;
  }

  /**
   * A reproducer: the steps in order, each a numbered command (capturing what its answer issued
   * when it issued anything), then `last` if given as a plain `curl -i`. An issued variable a
   * command sends that no earlier step set is set first, by the requests that issued it.
   */
  private script(steps: readonly Command[], last?: Command): string {
    const lines: string[] = [];
    const set = new Set<string>();
    let captures = false;
    const capture = (command: Command, heading: string): void => {
      lines.push(heading);
      // Each answer on lines of its own: a body seldom ends with a newline.
      if (command.defines.length === 0) {
        lines.push(`${command.line}; echo`);
        return;
      }
      captures = true;
      lines.push(`${command.line.replace(/\bcurl -i /, 'curl -sS -i ')} | tee answer.txt; echo`);
      for (const { variable, field } of command.defines) {
        lines.push(`${variable}=$(value ${field})`);
        set.add(variable);
      }
    };
    const prepare = (command: Command, seen: Set<Command>): void => {
      for (const variable of command.needs) {
        const by = this.issuedBy.get(variable);
        if (set.has(variable) || !by || seen.has(by)) continue;
        seen.add(by);
        prepare(by, seen);
        capture(
          by,
          `# ${by.defines.map((d) => `$${d.variable}`).join(', ')}: from ${by.label} (${by.method} → ${by.status ?? 'no answer'})`,
        );
      }
    };
    steps.forEach((step, i) => {
      prepare(step, new Set([step]));
      capture(step, `# ${i + 1}. ${step.label}: ${step.method} → ${step.status ?? 'no answer'}`);
    });
    if (last) {
      prepare(last, new Set([last]));
      lines.push(last.line);
    }
    const text = last && lines.length === 1 ? (lines[0] ?? '') : lines.join('\n');
    return captures ? `${VALUE_FUNCTION}\n${text}` : text;
  }

  /**
   * The reproducer of a failed step: every request of its flow so far, in order, as one shell
   * script (the tokens as shell variables; what an answer issued captured from it for the
   * requests after it, so the script replays as written).
   */
  flowScript(exchanges: readonly ExchangeSummary[]): string {
    const steps = exchanges.map(
      (exchange): Command =>
        this.commands.get(exchange) ?? {
          line: exchange.curl,
          label: exchange.label,
          method: exchange.method,
          status: exchange.status,
          defines: [],
          needs: [],
        },
    );
    return this.script(steps);
  }
}
