import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

// The same security headers on every answer, worked out once (the Fastify plugin ran the
// whole helmet configuration again for each request: issue 16 #4): a page's full set, and
// for an API answer (JSON, a file, a PDF) OWASP's set for REST answers.

// Third parties the spec embeds (§7): the video platform's privacy-enhanced player and
// thumbnails, and document preview frames for the devotional.
const embedFrames = [
  'https://www.youtube-nocookie.com',
  'https://docs.google.com',
  'https://drive.google.com',
];
const embedImages = ['https://i.ytimg.com', 'https://img.youtube.com'];

const permissionsPolicy =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=()';

/**
 * Helmet's settings: the content security policy the spec's embeds need (§7), and more.
 * `scripts`: inline scripts a page may run, by their hash (a drawn page's boot script).
 */
function helmetOptions(config: Config, scripts: string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline script but a drawn page's boot script, by its hash (decision 027).
        scriptSrc: ["'self'", ...scripts],
        // react-toastify and React style attributes need inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the applicant's own photo, previewed before it is uploaded.
        imgSrc: ["'self'", 'data:', 'blob:', ...embedImages],
        frameSrc: embedFrames,
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Embedded players and document frames are cross-origin.
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: with it a browser sends `Origin: null` on a form POST (the
    // test-mode checkout), which the origin check refuses, and the video platform refuses
    // embeds that do not say which site they are on. Other sites see only our origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.env === 'production',
  };
}

/** Security headers that only act on a document (or a worker script), not on a hashed asset. */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
];

/**
 * The headers of an API answer (JSON, a file, a PDF): never a page that loads, frames or
 * links anything, so OWASP's set for REST answers, with a policy that allows nothing, in
 * place of a page's (≈ 250 bytes instead of ≈ 1,000 on every answer a phone receives).
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'strict-transport-security',
    'x-content-type-options',
    'cross-origin-resource-policy',
  ];
  return {
    ...Object.fromEntries(
      kept.filter((name) => name in pageHeaders).map((name) => [name, pageHeaders[name]!]),
    ),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
}

/** The headers a helmet middleware sets (it sets the same ones on every response). */
function headersOf(
  middleware: (req: never, res: never, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => {},
  };
  middleware({} as never, res as never, (error) => {
    if (error) throw error;
  });
  return headers;
}

/** A page's policy allowing these inline scripts (`'sha256-…'`) besides its own files. */
export function pagePolicy(config: Config, scripts: string[]): string {
  return headersOf(helmet(helmetOptions(config, scripts)))['content-security-policy']!;
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const pageHeaders = {
    ...headersOf(helmet(helmetOptions(config))),
    // Flock uses none of these; a page that is ever injected into cannot either.
    'permissions-policy': permissionsPolicy,
  };
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    done();
  });
}
