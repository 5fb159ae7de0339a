/**
 * Security headers on every response (docs/design.md §4, decision 033): one helmet configuration,
 * built once per app and applied by a callback onRequest hook (the first hook, so an early answer — 401, 429,
 * 404, an error envelope — carries them too). @fastify/helmet was not used: it rebuilds helmet's middleware on
 * every request inside an async hook (≈ 8 µs per request here, against ≈ 0.15 µs for a prebuilt one), which
 * the authenticated read path (decision 021) cannot spare.
 *
 * The Content-Security-Policy allows scripts from this origin only. The one inline script the server writes
 * (the deferred app loader of prerendered pages, content-html.ts) is allowed by its sha256, computed from the
 * built index.html, never from a page's content: a script smuggled into a page is refused.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { contentSecurityPolicy, type HelmetOptions } from 'helmet';
import { carriesCapability } from '@summit/domain/capability-paths';
import type { Env } from '../env.ts';
import { ossRegion } from '../providers/storage/aliyun-oss.provider.ts';

type Directives = Record<string, string[]>;
type Middleware = (req: unknown, res: unknown, next: (err?: unknown) => void) => void;

/**
 * Browser features the platform does not use, denied for it and for anything it frames. The camera stays off
 * too: check-in QR codes are scanned with WeChat's own scanner, not in the page; an in-page scanner would need
 * camera=(self) (decision 033). Only features Chromium recognises, so the header itself logs no warnings.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Origins of the object storage the browser talks to directly: the presigned POST of an upload (connect-src)
 * and the signed GET a file read redirects to (img-src for pictures, connect-src for the PDF viewer's fetch).
 * The local provider serves both from this origin. Both URL styles of a bucket are listed where the SDK may
 * choose either (S3 falls back to path style for bucket names with dots).
 */
export function storageOrigins(env: Env): string[] {
  switch (env.STORAGE_PROVIDER) {
    case 'local':
      return [];
    case 's3': {
      const bucket = env.S3_BUCKET ?? '';
      if (env.S3_ENDPOINT) {
        const url = new URL(env.S3_ENDPOINT);
        return env.S3_FORCE_PATH_STYLE ? [url.origin] : [`${url.protocol}//${bucket}.${url.host}`, url.origin];
      }
      const host = `s3.${env.S3_REGION ?? 'us-east-1'}.amazonaws.com`;
      return env.S3_FORCE_PATH_STYLE ? [`https://${host}`] : [`https://${bucket}.${host}`, `https://${host}`];
    }
    case 'aliyun-oss':
      return [env.OSS_ENDPOINT ? new URL(env.OSS_ENDPOINT).origin : `https://${env.OSS_BUCKET ?? ''}.${ossRegion(env.OSS_REGION ?? '')}.aliyuncs.com`];
  }
}

/** The policy of every response; see decision 033 for each source. */
export function cspDirectives(env: Env): Directives {
  const storage = storageOrigins(env);
  const directives: Directives = {
    'default-src': ["'self'"],
    // No page sets a <base>; ASVS 5.0 3.4.3 (level 2) asks for base-uri 'none' beside object-src 'none'.
    'base-uri': ["'none'"],
    'script-src': ["'self'"],
    // No inline event handlers (onclick=…) anywhere.
    'script-src-attr': ["'none'"],
    // antd's CSS-in-JS writes <style> elements at run time and React writes style attributes: both are inline.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for QR codes drawn by qrcode and antd's inline icons; blob: for previews of a file being uploaded.
    'img-src': ["'self'", 'data:', 'blob:', ...storage],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...storage],
    'media-src': ["'self'", 'blob:', ...storage],
    // The PDF viewer (/pdf/{src}) shows the fetched file in an <iframe> of a blob: URL.
    'frame-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    // Forms post to this origin only (the sandbox checkout); payment providers are reached by navigation.
    'form-action': ["'self'"],
    // Nobody frames the platform: WeChat's and the mini-program's web-view load it as a top-level page.
    'frame-ancestors': ["'none'"],
  };
  // Live Stripe (decision 071): the pay pages load Stripe.js, which frames its card form and talks to its API.
  if (env.PAYMENT_STRIPE === 'stripe') {
    directives['script-src']!.push('https://js.stripe.com');
    directives['frame-src']!.push('https://js.stripe.com', 'https://hooks.stripe.com');
    directives['connect-src']!.push('https://api.stripe.com');
  }
  // Only where every address is https: on plain http it would send the browser to a port nobody listens on.
  if (env.HSTS) directives['upgrade-insecure-requests'] = [];
  return directives;
}

function helmetOptions(env: Env, directives: Directives, referrer: 'strict-origin-when-cross-origin' | 'no-referrer'): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: referrer },
    // One year, this host only: a subdomain still on plain HTTP is not locked out by the main site.
    strictTransportSecurity: env.HSTS ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
    // helmet's defaults stand for the rest: nosniff, COOP and CORP same-origin, Origin-Agent-Cluster, no
    // X-Powered-By, X-DNS-Prefetch-Control off, X-Download-Options, X-Permitted-Cross-Domain-Policies none,
    // X-XSS-Protection 0. Measured one by one against Lighthouse (decision 033, second addendum): none of them
    // changes the page's main-thread work; COOP costs a renderer process swap, off that thread, and stays.
  };
}

/** Reads a middleware's Content-Security-Policy header without a response object. */
function cspHeaderOf(directives: Directives): string {
  let value = '';
  (contentSecurityPolicy({ useDefaults: false, directives }) as Middleware)(
    {},
    {
      setHeader: (_name: string, v: string) => {
        value = v;
      },
    },
    () => undefined,
  );
  return value;
}

/** `'sha256-…'` sources of the executable inline scripts of an HTML document (JSON data blocks are not run). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !/^(?:text|application)\/(?:java|ecma)script$/.test(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

export interface SecurityHeaders {
  /** Puts the headers on this response (framework errors answer before any hook runs). */
  apply(request: FastifyRequest, reply: FastifyReply): void;
  /** Replaces the policy of an HTML answer that carries these trusted inline scripts (by their sha256 sources). */
  allowInlineScripts(reply: FastifyReply, hashes: readonly string[]): void;
}

/**
 * The headers a helmet middleware sets, read once: its answer depends on the configuration only, so each
 * response gets the same list by plain setHeader calls instead of helmet's chain of a dozen middlewares
 * (≈ 4% of the authenticated read's CPU; decision 095).
 */
function headersOf(middleware: Middleware): ReadonlyArray<readonly [string, string]> {
  const pairs: Array<readonly [string, string]> = [];
  middleware(
    {},
    {
      setHeader: (name: string, value: string) => void pairs.push([name, value]),
      removeHeader: () => undefined,
    },
    () => undefined,
  );
  pairs.push(['permissions-policy', PERMISSIONS_POLICY]);
  return pairs;
}

export function createSecurityHeaders(env: Env): SecurityHeaders {
  const directives = cspDirectives(env);
  const standard = headersOf(helmet(helmetOptions(env, directives, 'strict-origin-when-cross-origin')) as Middleware);
  const capability = headersOf(helmet(helmetOptions(env, directives, 'no-referrer')) as Middleware);
  const withScripts = new Map<string, string>();
  return {
    apply(request, reply) {
      const raw = reply.raw;
      for (const [name, value] of carriesCapability(request.url) ? capability : standard) raw.setHeader(name, value);
    },
    allowInlineScripts(reply, hashes) {
      if (hashes.length === 0) return;
      const key = hashes.join(' ');
      let value = withScripts.get(key);
      if (value === undefined) {
        // One entry per build of the web app: a handful at most over a process's life.
        if (withScripts.size > 16) withScripts.clear();
        value = cspHeaderOf({ ...directives, 'script-src': [...(directives['script-src'] ?? []), ...hashes] });
        withScripts.set(key, value);
      }
      reply.header('content-security-policy', value);
    },
  };
}

/** The first onRequest hook of the app: every answer, whoever ends the request, carries the headers. */
export function installSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    headers.apply(request, reply);
    done();
  });
}
