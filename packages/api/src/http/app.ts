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
import { installAuth } from './auth-hook.ts';
import { answerFrameworkError, installErrorHandling } from './error-handler.ts';
import { errSerializer, LOG_REDACT_PATHS, redactUrl, scrubLogLine } from './log-redaction.ts';
import { installInputGuard } from './input-guard.ts';
import { createSecurityHeaders, installSecurityHeaders } from './security-headers.ts';
import type { AppContext } from './context.ts';
import { TokenCache } from '../modules/auth/token-cache.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { sessionRoutes } from '../modules/auth/sessions.routes.ts';
import { mfaRoutes } from '../modules/auth/mfa.routes.ts';
import { profileRoutes } from '../modules/profile/profile.routes.ts';
import { regionRoutes } from '../modules/region/region.routes.ts';
import { systemRoutes } from '../modules/system/system.routes.ts';
import { trackingRoutes } from '../modules/tracking/tracking.routes.ts';
import { paymentRoutes } from '../modules/payments/payments.routes.ts';
import { programmePortalRoutes } from '../modules/programmes/programme-portal.routes.ts';
import { refundRoutes } from '../modules/refunds/refunds.routes.ts';
import { listSandboxBill } from '../modules/payments/sandbox-ledger.repo.ts';
import { reconciliationRoutes } from '../modules/reconciliation/reconciliation.routes.ts';
import { receiptRoutes } from '../modules/receipts/receipts.routes.ts';
import { duesRoutes } from '../modules/dues/dues.routes.ts';
import { offerRoutes } from '../modules/offer/offer.routes.ts';
import { settingsRoutes } from '../modules/settings/settings.routes.ts';
import { admissionsRoutes } from '../modules/admissions/admissions.routes.ts';
import { applicationRoutes } from '../modules/application/application.routes.ts';
import { storageRoutes } from '../modules/storage/storage.routes.ts';
import { installSiteGuards, siteRoutes } from '../modules/site/site.routes.ts';
import { contentRoutes, prerenderedIndexHtmlFor } from '../modules/content/content.routes.ts';
import { prerenderScriptHashes } from '../modules/content/content-html.ts';
import { noticeRoutes } from '../modules/notice/notice.routes.ts';
import { courseCentreRoutes } from '../modules/course-centre/course-centre.routes.ts';
import { placementRoutes } from '../modules/placement/placement.routes.ts';
import { onboardingRoutes } from '../modules/onboarding/onboarding.routes.ts';
import { emailRoutes } from '../modules/email/email.routes.ts';
import { venuesRoutes } from '../modules/venues/venues.routes.ts';
import { coursesRoutes } from '../modules/courses/courses.routes.ts';
import { courseworkRoutes } from '../modules/coursework/coursework.routes.ts';
import { teachingRoutes } from '../modules/teaching/teaching.routes.ts';
import { classesRoutes } from '../modules/classes/classes.routes.ts';
import { certificatesRoutes } from '../modules/certificates/certificates.routes.ts';
import { courseAdminRoutes } from '../modules/course-admin/course-admin.routes.ts';
import { checklistRoutes } from '../modules/checklist/checklist.routes.ts';
import { onboardingFormsRoutes } from '../modules/onboarding-forms/onboarding-forms.routes.ts';
import { schoolRoutes } from '../modules/school/school.routes.ts';
import { houseCupRoutes } from '../modules/house-cup/house-cup.routes.ts';
import { privacyRoutes } from '../modules/privacy/privacy.routes.ts';
import { staffRoutes } from '../modules/staff/staff.routes.ts';
import { operationsRoutes } from '../modules/operations/operations.routes.ts';
import { timeSheetsRoutes } from '../modules/time-sheets/time-sheets.routes.ts';
import { auditRoutes } from '../modules/audit/audit.routes.ts';
import { messagesRoutes } from '../modules/messages/messages.routes.ts';
import { analyticsRoutes } from '../modules/analytics/analytics.routes.ts';
import { studentsRoutes } from '../modules/students/students.routes.ts';
import { programmesRoutes } from '../modules/programmes/programmes.routes.ts';
import { wechatRoutes } from '../modules/wechat/wechat.routes.ts';
import { installWechat } from '../modules/wechat/wechat-runtime.ts';
import { getSandboxSecret } from '../modules/settings/settings.service.ts';
import { createPaymentGateways, type PaymentGateways } from '../providers/payment/create-payment-gateways.ts';
import { findStripeIntentId } from '../modules/payments/payments.repo.ts';
import { LocalMessageBus, type BusMessage, type MessageBus } from '../providers/bus/message-bus.ts';
import type { RedisConnections } from '../providers/bus/create-message-bus.ts';
import { invalidateContentHtml } from '../modules/content/content-html.ts';
import { installSharedRouteLimits, rateLimitStoreFor } from './rate-limit-store.ts';

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
}

function findWebDist(env: Env): string | null {
  if (env.WEB_DIST_DIR) return existsSync(path.join(env.WEB_DIST_DIR, 'index.html')) ? path.resolve(env.WEB_DIST_DIR) : null;
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/http/app.ts in development, dist/main.js when bundled.
  const candidates = [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? null;
}

/** br or gzip when the client accepts it (and did not refuse it with q=0), else null. */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Builds the whole app without listening: main.ts listens, tests use app.inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
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
  installAuth(app);
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

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(sessionRoutes);
  await app.register(mfaRoutes);
  await app.register(profileRoutes);
  await app.register(regionRoutes);
  await app.register(trackingRoutes);
  await app.register(settingsRoutes);
  await app.register(paymentRoutes);
  await app.register(refundRoutes);
  await app.register(receiptRoutes);
  await app.register(reconciliationRoutes);
  await app.register(duesRoutes);
  await app.register(programmePortalRoutes);
  await app.register(admissionsRoutes);
  await app.register(offerRoutes);
  await app.register(applicationRoutes);
  await app.register(storageRoutes);
  await app.register(siteRoutes);
  await app.register(contentRoutes);
  await app.register(noticeRoutes);
  await app.register(courseCentreRoutes);
  await app.register(placementRoutes);
  await app.register(emailRoutes(options.mail ? { mail: options.mail } : {}));
  await app.register(venuesRoutes);
  await app.register(coursesRoutes);
  await app.register(courseworkRoutes);
  await app.register(teachingRoutes);
  await app.register(classesRoutes(options.mail ? { mail: options.mail } : {}));
  await app.register(certificatesRoutes);
  await app.register(courseAdminRoutes);
  await app.register(onboardingRoutes);
  await app.register(checklistRoutes);
  await app.register(onboardingFormsRoutes);
  await app.register(schoolRoutes);
  await app.register(houseCupRoutes);
  await app.register(privacyRoutes);
  await app.register(staffRoutes);
  await app.register(auditRoutes);
  await app.register(messagesRoutes);
  await app.register(analyticsRoutes);
  await app.register(operationsRoutes);
  await app.register(timeSheetsRoutes);
  await app.register(studentsRoutes);
  await app.register(programmesRoutes);
  await installWechat(app, env, options.redis ? { redis: options.redis } : {});
  await app.register(wechatRoutes);

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
    if (request.url.startsWith('/api/') || !webDist || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ status: STATUS.MESSAGE, msg: MSG.NOT_FOUND_API });
    }
    // A hashed asset that is gone (an old chunk after a deploy) must fail as a 404, never as the app shell.
    if (request.url.startsWith('/assets/')) return reply.code(404).send({ status: STATUS.MESSAGE, msg: MSG.NOT_FOUND_API });
    // Client-side routes: every other GET is the single-page app.
    reply.header('cache-control', 'no-cache');
    // Public content pages and /login: index.html with the page already drawn (decisions 013, 018).
    const prerendered = await prerenderedIndexHtmlFor(app, webDist, request);
    if (prerendered !== null) {
      // The page's deferred loader is an inline script: the policy allows it by hash (decision 033).
      securityHeaders.allowInlineScripts(reply, await prerenderScriptHashes(app.ctx, webDist));
      return reply.type('text/html; charset=utf-8').send(prerendered);
    }
    return reply.sendFile('index.html');
  });

  return app;
}
