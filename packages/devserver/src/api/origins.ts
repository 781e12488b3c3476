import { DEFAULT_PORTAL_ORIGIN } from '../core/notifications/notifications.ts';

/**
 * A host: a DNS name (at most 253 characters) or an IPv6 address, and a port. A longer one is not
 * taken, so that the links made from it stay inside the contract's bounds (an outbox `url`).
 */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
const ORIGIN = /^https?:\/\/(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** Who the server believes about its own address and its callers' pages. */
export interface OriginPolicy {
  /**
   * Trust `X-Forwarded-Host` and `X-Forwarded-Proto`: only behind a proxy that sets them (and
   * drops a client's own). Off, a request cannot choose the address the server writes into
   * links and redirects.
   */
  trustProxy?: boolean;
  /** Origins of pages that may use this server besides its own (the web app on another host). */
  webOrigins?: readonly string[];
}

function first(value: string | undefined): string | undefined {
  return value?.split(',')[0]?.trim();
}

/** This server's origin as the browser sees it (absolute links: broker, outbox, calendar). */
export function serverOrigin(
  headers: Record<string, string | undefined>,
  policy: OriginPolicy = {},
): string {
  const forwardedHost = policy.trustProxy ? first(headers['x-forwarded-host']) : undefined;
  const host = forwardedHost ?? headers.host;
  const proto =
    policy.trustProxy && first(headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  return host && HOST.test(host) ? `${proto}://${host}` : DEFAULT_PORTAL_ORIGIN;
}

/**
 * The calling page's origin (`Origin`) when the server may send the browser back there with a
 * login's code: its own origin (the host the request reached, as through the Vite dev proxy) or
 * one of the configured web origins. Any other page's origin is null, so a login started from
 * another site returns to this server's own path, never to that site.
 */
export function portalOrigin(
  headers: Record<string, string | undefined>,
  policy: OriginPolicy = {},
): string | null {
  const origin = headers.origin;
  if (!origin || !ORIGIN.test(origin)) return null;
  const own = new URL(serverOrigin(headers, policy)).host;
  if (new URL(origin).host === own) return origin;
  return policy.webOrigins?.includes(origin) ? origin : null;
}
