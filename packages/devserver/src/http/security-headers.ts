import helmet from 'helmet';

/**
 * A strict Content-Security-Policy for everything the server serves (the web app, the docs, the
 * broker page): scripts only from this origin, no inline script, no eval, nothing framed.
 * Inline styles stay allowed: the toasts and the broker page inject `<style>` elements.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
};

/**
 * The security headers helmet chooses for our policy, computed once: they are the same for every
 * response, and setting a ready object is far cheaper than running the middleware per request.
 */
export function securityHeaders(): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  })({} as never, response as never, () => undefined);
  return Object.fromEntries(headers);
}
