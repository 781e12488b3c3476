import { createPortalClient, isApiError, type PortalClient } from '@portal/sdk';

/** What one step observed: the status and the body, with volatile values made comparable. */
export interface Observation {
  step: string;
  status: number;
  body: unknown;
}

export interface StepContext {
  client: (as?: string | null) => PortalClient;
  /** Values remembered by earlier steps (tokens, ids, slot keys). */
  memory: Record<string, unknown>;
}

export interface Step {
  name: string;
  run: (ctx: StepContext) => Promise<{ data?: unknown; response: Response } | undefined>;
  /** Remember values from a successful answer for later steps. */
  remember?: (data: any, memory: Record<string, unknown>) => void;
}

export interface Scenario {
  name: string;
  steps: Step[];
  /** The statuses the steps must answer, in order (so a scenario cannot pass by failing alike). */
  statuses: number[];
}

const TOKEN_LIKE = /^[A-Za-z0-9_-]{32,}$/;
/** A family booking's key (`fb-` and random characters). */
const FAMILY_BOOKING_ID = /^fb-[A-Za-z0-9_-]{8,}$/;

/**
 * Tokens, one-time codes and family bookings' keys differ between runs by design; everything
 * else must match.
 */
export function normalise(value: unknown): unknown {
  if (typeof value === 'string')
    return TOKEN_LIKE.test(value)
      ? '<token>'
      : FAMILY_BOOKING_ID.test(value)
        ? '<family booking>'
        : value;
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v)]));
  }
  return value;
}

/** Runs a scenario through the SDK against one base URL and records every answer. */
export async function runScenario(
  scenario: Scenario,
  baseUrl: string,
  login: (user: string) => Promise<string>,
): Promise<Observation[]> {
  const tokens = new Map<string, string>();
  const memory: Record<string, unknown> = {};
  const clients = new Map<string, PortalClient>();
  const observations: Observation[] = [];
  const ctx: StepContext = {
    memory,
    client: (as) => {
      const key = as ?? '<anonymous>';
      let client = clients.get(key);
      if (!client) {
        client = createPortalClient({
          baseUrl,
          getLanguage: () => 'en',
          getToken: () => (as ? (tokens.get(as) ?? as) : null),
        });
        clients.set(key, client);
      }
      return client;
    },
  };
  for (const user of [
    'patient',
    'first-login',
    'survey',
    'admin',
    'content-manager',
    'guardian',
    'minor',
  ]) {
    tokens.set(user, await login(user));
  }
  for (const step of scenario.steps) {
    try {
      const result = await step.run(ctx);
      observations.push({
        step: step.name,
        status: result?.response.status ?? 0,
        body: normalise(result?.data),
      });
      if (result?.data !== undefined) step.remember?.(result.data, memory);
    } catch (error) {
      if (!isApiError(error)) throw error;
      observations.push({ step: step.name, status: error.status, body: normalise(error.body) });
    }
  }
  return observations;
}
