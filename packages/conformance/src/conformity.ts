import type { OperationSpec, ResponseSpec } from '@portal/sdk/contract';
import type { HttpAnswer } from './http.ts';
import { mediaTypeOf } from './http.ts';
import { atPointer, deref, escapePointer, excerpt, isObject } from './json.ts';
import { describe, type Recorded, type Runner } from './runner.ts';
import type { CheckId } from './check-ids.ts';
import type { CheckResult } from './types.ts';
import { undocumentedProperties } from './undocumented.ts';

/** The names of the checks made over every answer of an operation. */
export const ANSWER_CHECKS = {
  route: 'answers the documented path (no 404 or 405 from the router)',
  status: 'answers only with statuses the contract documents',
  contentType: 'answers with the documented content types',
  body: 'answers with JSON bodies that match the documented schemas',
  headers: 'sends the documented response headers',
  undocumented: "answers a patient's view with no property its schema does not document",
  undocumentedElsewhere:
    'answers with no property its schema does not document (a warning: not a patient’s view)',
} as const;

/** The check id of each check over every answer. */
const ANSWER_CHECK_IDS = {
  route: 'route_exists',
  status: 'status_code_conformance',
  contentType: 'content_type_conformance',
  body: 'response_schema_conformance',
  headers: 'response_headers_conformance',
  undocumented: 'no_undocumented_properties',
  undocumentedElsewhere: 'no_undocumented_properties',
} as const satisfies Record<keyof typeof ANSWER_CHECKS, CheckId>;

interface HeaderSpec {
  required: boolean;
  pointer: string | null;
}

function documented(spec: OperationSpec, status: number): ResponseSpec | undefined {
  return (
    spec.responses.find((r) => r.status === String(status)) ??
    spec.responses.find((r) => r.status === `${String(status)[0]}XX`) ??
    spec.responses.find((r) => r.status === 'default')
  );
}

const isJsonMedia = (mediaType: string | null): boolean =>
  mediaType === 'application/json' || (mediaType?.endsWith('+json') ?? false);

/** The documented headers of one response, with their schema pointers. */
function headerSpecs(runner: Runner, spec: OperationSpec, status: string): Map<string, HeaderSpec> {
  const pointer = `/paths/${escapePointer(spec.path)}/${spec.method.toLowerCase()}/responses/${status}`;
  const response = deref(runner.document, { $ref: `#${pointer}` }, pointer);
  const out = new Map<string, HeaderSpec>();
  const headers = isObject(response.node.headers) ? response.node.headers : {};
  for (const [name, value] of Object.entries(headers)) {
    const header = deref(
      runner.document,
      value,
      `${response.pointer}/headers/${escapePointer(name)}`,
    );
    out.set(name.toLowerCase(), {
      required: header.node.required === true,
      pointer: isObject(header.node.schema) ? `${header.pointer}/schema` : null,
    });
  }
  return out;
}

/** A 404 that is the contract's "no such resource" (Error, Code not-found), not the router's. */
export function isContractNotFound(
  runner: Runner,
  spec: OperationSpec,
  answer: HttpAnswer,
): boolean {
  if (answer.status !== 404 || !spec.responses.some((r) => r.status === '404')) return false;
  if (!isObject(answer.json) || answer.json.Code !== 'not-found') return false;
  return runner.schemas.errors('/components/schemas/Error', answer.json).length === 0;
}

type Problem = { recorded: Recorded; problem: string };

function result(
  runner: Runner,
  spec: OperationSpec,
  check: keyof typeof ANSWER_CHECKS,
  problems: Problem[],
  skippedBecause?: string,
): CheckResult {
  // Outside a patient's view an undocumented property is worth a look, not a failure.
  const found = check === 'undocumentedElsewhere' ? 'warning' : 'failed';
  const id = ANSWER_CHECK_IDS[check];
  const name = ANSWER_CHECKS[check];
  if (skippedBecause) {
    return {
      id,
      name,
      outcome: 'skipped',
      message: skippedBecause,
      destructive: false,
      category: 'contract',
      exchanges: [],
      durationMs: 0,
    };
  }
  const first = problems[0];
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return {
    id,
    name,
    outcome: first ? found : 'passed',
    ...(first
      ? {
          message: runner.clean(`${first.problem} — in answer to "${first.recorded.label}"${more}`),
        }
      : {}),
    destructive: false,
    category: 'contract',
    exchanges: problems
      .slice(0, 10)
      .map((p) => runner.summarize(p.recorded.label, p.recorded.answer, spec.operationId)),
    durationMs: 0,
  };
}

/** The checks over every answer an operation gave during the run. */
export function answerChecks(
  runner: Runner,
  spec: OperationSpec,
  answers: Recorded[],
): CheckResult[] {
  const answered = answers.filter((r) => r.answer.status !== null);
  const none =
    answered.length > 0
      ? undefined
      : runner.stopped
        ? runner.notRunReason()
        : runner.timeUpAt !== null
          ? runner.timeUpReason()
          : 'no answer to check (no request reached the server)';
  const route: Problem[] = [];
  const status: Problem[] = [];
  const contentType: Problem[] = [];
  const body: Problem[] = [];
  const headers: Problem[] = [];
  const undocumented: Problem[] = [];
  // A patient's view (x-roles patient) holds what its schema documents and nothing more: an
  // extra field there is another person's data or a staff figure (openapi/README.md). Elsewhere
  // (staff, public and dev operations) one is a warning: the schemas stay open for them.
  const patientView = spec.roles.includes('patient');

  for (const recorded of answered) {
    const { answer } = recorded;
    const code = answer.status;
    if (code === null) continue;
    if (code === 405)
      route.push({ recorded, problem: `405 Method Not Allowed: ${describe(answer)}` });
    if (code === 404 && !isContractNotFound(runner, spec, answer)) {
      route.push({
        recorded,
        problem: spec.responses.some((r) => r.status === '404')
          ? `404 without the contract's Error body (Code not-found): ${describe(answer)}`
          : `404 on an operation that does not document 404 (route missing?): ${describe(answer)}`,
      });
    }

    const response = documented(spec, code);
    if (!response) {
      status.push({
        recorded,
        problem: `${code} is not documented (documented: ${spec.responses.map((r) => r.status).join(', ')}): ${describe(answer)}`,
      });
      continue;
    }

    // Content type: documented media, or no body at all when none is documented.
    if (response.content.length === 0) {
      if (answer.byteLength > 0) {
        contentType.push({
          recorded,
          problem: `${code} is documented without a body, but the answer has ${answer.byteLength} bytes (${answer.mediaType ?? 'no content type'})`,
        });
      }
    } else {
      const media = response.content.find((m) => mediaTypeOf(m.contentType) === answer.mediaType);
      if (!media) {
        contentType.push({
          recorded,
          problem: `${code} answered ${answer.mediaType ?? 'no content type'}; documented: ${response.content.map((m) => m.contentType).join(', ')}`,
        });
      } else if (media.pointer && isJsonMedia(answer.mediaType)) {
        if (!answer.isJson) {
          body.push({
            recorded,
            problem: `${code} ${answer.mediaType} body is not JSON (${answer.jsonError ?? 'unreadable'}): ${excerpt(answer.text, 120)}`,
          });
        } else {
          const errors = runner.schemas.errors(media.pointer, answer.json);
          if (errors.length > 0) {
            const list = errors
              .slice(0, 3)
              .map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`)
              .join('; ');
            body.push({
              recorded,
              problem: `${code} body does not match ${media.pointer}: ${list}`,
            });
          }
          const extra = undocumentedProperties(
            runner.document,
            [atPointer(runner.document, media.pointer)],
            answer.json,
          );
          if (extra.length > 0) {
            const more = extra.length > 5 ? ` and ${extra.length - 5} more` : '';
            undocumented.push({
              recorded,
              problem: `${code} body has properties ${media.pointer} does not document: ${extra.slice(0, 5).join(', ')}${more}`,
            });
          }
        }
      }
    }

    // Headers: required ones present, present ones valid against their schemas.
    for (const [name, header] of headerSpecs(runner, spec, response.status)) {
      const value = answer.headers[name];
      if (value === undefined) {
        if (header.required)
          headers.push({ recorded, problem: `${code} lacks the required header ${name}` });
        continue;
      }
      if (!header.pointer) continue;
      const errors = runner.schemas.errors(header.pointer, value);
      const asNumber = Number(value);
      const numeric =
        value.trim() !== '' &&
        Number.isFinite(asNumber) &&
        runner.schemas.errors(header.pointer, asNumber).length === 0;
      if (errors.length > 0 && !numeric) {
        headers.push({
          recorded,
          problem: `${code} header ${name}: ${JSON.stringify(value)} ${errors[0]?.message ?? 'is invalid'}`,
        });
      }
    }
  }

  const problems = {
    route,
    status,
    contentType,
    body,
    headers,
    undocumented: patientView ? undocumented : [],
    undocumentedElsewhere: patientView ? [] : undocumented,
  };
  return (Object.keys(problems) as (keyof typeof problems)[])
    .filter((check) => runner.wants(ANSWER_CHECK_IDS[check]))
    .filter((check) => check !== (patientView ? 'undocumentedElsewhere' : 'undocumented'))
    .map((check) => result(runner, spec, check, problems[check], none))
    .map((check) => (spec.tags.includes('dev') ? { ...check, category: 'dev' as const } : check));
}
