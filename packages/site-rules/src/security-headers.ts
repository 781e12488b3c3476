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

/** Geolocation for this origin only; camera, microphone, payment and the rest for nobody. */
export const PERMISSIONS_POLICY =
  'geolocation=(self), camera=(), microphone=(), payment=(), usb=()';

/** Sent only over HTTPS (a browser ignores it over HTTP): a year, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The security headers helmet chooses for our policy, computed once: they are the same for every
 * response, and setting a ready object is far cheaper than running the middleware per request.
 */
export function securityHeaders(
  options: {
    scriptHashes?: readonly string[];
    /**
     * The API's origin when the web app is served from elsewhere (a deployment, decision 026):
     * its pages may call it and show the images it hands out.
     */
    apiOrigin?: string;
  } = {},
): Record<string, string> {
  const api = options.apiOrigin ? [options.apiOrigin] : [];
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  // The device position only for the portal itself ('closest branch'); nothing else at all.
  headers.set('permissions-policy', PERMISSIONS_POLICY);
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...api],
        imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, ...api],
        // A prerendered page's one inline script, by hash (never 'unsafe-inline').
        scriptSrc: [
          ...CONTENT_SECURITY_POLICY.scriptSrc,
          ...(options.scriptHashes ?? []).map((hash) => `'${hash}'`),
        ],
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  })({} as never, response as never, () => undefined);
  return Object.fromEntries(headers);
}
