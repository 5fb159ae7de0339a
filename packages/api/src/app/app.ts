import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG, STATUS } from '@summit/domain';
import type { Env } from '../env.ts';
import type { Db } from '../db/client.ts';
import { createSmsProvider } from '../providers/sms/create-sms-provider.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import type { MailProvider } from '../providers/mail/mail-provider.ts';
import { installAuth } from '../http/auth-hook.ts';
import { answerFrameworkError, installErrorHandling } from '../http/error-handler.ts';
import { errSerializer, LOG_REDACT_PATHS, redactUrl, scrubLogLine } from '../http/log-redaction.ts';
import { installInputGuard } from '../http/input-guard.ts';
import { createSecurityHeaders, installSecurityHeaders } from '../http/security-headers.ts';
import type { AppContext, PoolStats } from '../http/context.ts';
import { TokenCache } from '../http/token-cache.ts';
import { cachedToken, resolveToken } from '../modules/auth/token.service.ts';
import { listSandboxBill } from '../modules/payments/sandbox-ledger.repo.ts';
import { installSiteGuards } from '../modules/site/site.routes.ts';
import { prerenderedIndexHtmlFor } from '../modules/content/content.routes.ts';
import { prerenderScriptHashes } from '../modules/content/content-html.ts';
import { getSandboxSecret } from '../modules/settings/settings.service.ts';
import { createPaymentGateways, type PaymentGateways } from '../providers/payment/create-payment-gateways.ts';
import { findStripeIntentId } from '../modules/payments/payments.repo.ts';
import { LocalMessageBus, type BusMessage, type MessageBus } from '../providers/bus/message-bus.ts';
import type { RedisConnections } from '../providers/bus/create-message-bus.ts';
import { invalidateContentHtml } from '../modules/content/content-html.ts';
import { installSharedRouteLimits, rateLimitStoreFor } from '../http/rate-limit-store.ts';
import { pickEncoding } from '../http/encoding.ts';
import { acceptsHtml, sendAppShell } from '../http/app-shell.ts';
import { createMetrics, installRequestMetrics } from '../http/metrics.ts';
import { lazyChildLogger } from '../http/lazy-request-logger.ts';
import { registerRoutes } from './routes.ts';
import { registerPaymentPurposes } from './payment-purposes.ts';
// Registers the hourly sweep's job handler in every process that builds the app.
import './rate-limit-prune.ts';

export interface BuildAppOptions {
  env: Env;
  db: Db;
  sms?: SmsProvider;
  /** E-mail delivery; built from env (the outbox by default) when not given. */
  mail?: MailProvider;
  /** Payment gateways; built from env (sandbox by default in demo mode) when not given. */
  payments?: PaymentGateways;
  now?: () => Date;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read the access log from it). */
  logStream?: NodeJS.WritableStream;
  /** How long a resolved token is trusted without asking the database; 0 turns the cache off. */
  tokenCacheTtlMs?: number;
  /** The cross-process bus (main.ts opens it from env); an in-process one when not given. */
  bus?: MessageBus;
  /** Redis connections when REDIS_URL is set: rate-limit counters live there instead. */
  redis?: RedisConnections;
  /** The database pool's figures for /metrics (PostgreSQL). */
  poolStats?: () => PoolStats;
  /** main.ts: /readyz says "starting" until it clears `app.ctx.lifecycle.startingUp`. */
  startingUp?: boolean;
}

function findWebDist(env: Env): string | null {
  if (env.WEB_DIST_DIR) return existsSync(path.join(env.WEB_DIST_DIR, 'index.html')) ? path.resolve(env.WEB_DIST_DIR) : null;
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/app/app.ts in development, dist/main.js when bundled.
  const candidates = [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? null;
}

/** Builds the whole app without listening: main.ts listens, tests use app.inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  registerPaymentPurposes();
  const securityHeaders = createSecurityHeaders(env);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // No credential, capability token or unmasked phone/ID number in any line (decision 034).
            redact: { paths: [...LOG_REDACT_PATHS], censor: '[redacted]' },
            serializers: {
              // Fastify's own request line, with capability tokens in paths and queries masked.
              req: (req: { method?: string; url?: string; hostname?: string; ip?: string }) => ({ method: req.method, url: typeof req.url === 'string' ? redactUrl(req.url) : undefined, hostname: req.hostname, remoteAddress: req.ip }),
              err: errSerializer,
            },
            hooks: { streamWrite: scrubLogLine },
          },
    // The request's child logger is made when it first writes a line (decision 095).
    ...(options.logger === false ? {} : { childLoggerFactory: lazyChildLogger }),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Huge or odd URLs are the caller's fault; keep them out of the router's hot path.
    routerOptions: { maxParamLength: 200 },
    // A URL that is not valid percent-encoding never reaches the error handler: answer it in the envelope too.
    // No hook runs before it, so it puts the security headers on its answer itself.
    frameworkErrors: (error, request, reply) => {
      securityHeaders.apply(request, reply);
      return answerFrameworkError(error, request, reply);
    },
  });
  const ctx: AppContext = {
    env,
    db: options.db,
    sms: options.sms ?? createSmsProvider(env, app.log),
    now: options.now ?? (() => new Date()),
    tokenCache: new TokenCache(options.tokenCacheTtlMs ?? 10_000),
    bus: options.bus ?? new LocalMessageBus(),
    lifecycle: { startingUp: options.startingUp ?? false, draining: false },
  };
  app.decorate('ctx', ctx);
  // Per-process caches follow their sources in every process: a change anywhere drops the copy here.
  const unsubscribe = ctx.bus.subscribe((message: BusMessage) => {
    switch (message.channel) {
      case 'content-changed':
        invalidateContentHtml(ctx, message.slug);
        break;
      case 'settings-changed':
        // Pages quote fees, deadlines and facts through placeholders (decision 019).
        invalidateContentHtml(ctx);
        break;
      case 'token-revoked':
        ctx.tokenCache.evictToken(message.tokenId);
        break;
      case 'account-revoked':
        ctx.tokenCache.evictAccount(message.accountId);
        break;
      case 'resync':
        invalidateContentHtml(ctx);
        ctx.tokenCache.clear();
        break;
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    if (!options.bus) await ctx.bus.close();
  });
  app.decorate('payments', options.payments ?? createPaymentGateways(env, { now: ctx.now, sandboxSecret: () => getSandboxSecret(ctx), stripeIntentOf: (orderNo) => findStripeIntentId(ctx.db, orderNo), sandboxLedger: (day) => listSandboxBill(ctx.db, day) }));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First: whichever hook or handler answers, the response carries the headers (decision 033).
  installSecurityHeaders(app, securityHeaders);
  installErrorHandling(app);
  // Before the auth gate: on the AMC variant the hidden endpoints are a 404 for everyone (decision 015).
  installSiteGuards(app);
  installAuth(app, { cached: cachedToken, resolve: resolveToken });
  installInputGuard(app);

  await app.register(compress, { global: true, threshold: 1024 });
  // Before the plugin: it reads the limits this hook gives the sensitive routes (decision 038).
  installSharedRouteLimits(app, env);
  await app.register(rateLimit, {
    global: true,
    ...(options.redis ? { redis: options.redis.command, nameSpace: 'summit:rl:' } : { store: rateLimitStoreFor(options.db, () => ctx.now().getTime()) }),
    max: env.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // Static assets are cheap and cached; the limiter guards the API.
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: () => ({ statusCode: 429, status: STATUS.MESSAGE, msg: MSG.TOO_MANY_REQUESTS }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Summit API', description: 'Summit 高中生夏季学术项目 API。每个响应都是 {status, msg, data}。', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Request rate and latency for /metrics (only when METRICS_TOKEN is set): a root hook, so every route feeds it.
  const metrics = env.METRICS_TOKEN ? createMetrics() : undefined;
  if (metrics) installRequestMetrics(app, metrics);
  await registerRoutes(app, { ...options, ...(metrics ? { metrics } : {}) });

  const webDist = findWebDist(env);
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be fresh so a deploy takes effect.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  // @fastify/compress hooks real routes only, and the not-found handler below is not one: it serves the app
  // shell (and the prerendered pages), the first thing every visitor loads. Compress what it sends here.
  // A callback hook: it runs on every response, and API answers leave at its first line (decision 021).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.url !== undefined || payload == null || reply.getHeader('content-encoding')) return done(null, payload);
    if (!/^text\/html/.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    reply.header('vary', 'accept-encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    const source = typeof payload === 'string' || Buffer.isBuffer(payload) ? Readable.from([payload]) : (payload as Readable);
    return done(null, source.pipe(encoding === 'br' ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip()));
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ status: STATUS.MESSAGE, msg: MSG.NOT_FOUND_API });
    }
    // A hashed asset that is gone (an old chunk after a deploy) must fail as a 404, never as the app shell.
    if (request.url.startsWith('/assets/')) return reply.code(404).send({ status: STATUS.MESSAGE, msg: MSG.NOT_FOUND_API });
    // No web app built: a page path still answers a page in Chinese, anything else the API's 404.
    if (!webDist) return acceptsHtml(request) ? sendAppShell(reply, null) : reply.code(404).send({ status: STATUS.MESSAGE, msg: MSG.NOT_FOUND_API });
    // Client-side routes: every other GET is the single-page app.
    reply.header('cache-control', 'no-cache');
    // Public content pages and /login: index.html with the page already drawn (decisions 013, 018).
    const prerendered = await prerenderedIndexHtmlFor(app, webDist, request);
    if (prerendered !== null) {
      // The page's deferred loader is an inline script: the policy allows it by hash (decision 033).
      securityHeaders.allowInlineScripts(reply, await prerenderScriptHashes(app.ctx, webDist));
      return reply.type('text/html; charset=utf-8').send(prerendered);
    }
    // index.html read here, not through the static plugin: when it is missing (dist/ being rebuilt) the plugin
    // fell back to the framework's bare English 404; sendAppShell answers a Chinese page instead.
    return sendAppShell(reply, webDist);
  });

  return app;
}
