import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { ACCOUNT_LIMITS } from '@summit/domain/account-limits';

// The only module that reads process.env: everything else receives a typed Env.
const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** "a.example.cn, B.example.cn:8080" → ['a.example.cn', 'b.example.cn'] (hostnames, lower case, no port). */
const hostListFromString = z.string().transform((v) =>
  v
    .split(',')
    .map((h) => h.trim().toLowerCase().replace(/:\d+$/, ''))
    .filter((h) => h !== ''),
);

/** An Aliyun SMS template code as the console shows it (SMS_ and digits): a typo fails the start, not a send. */
const aliyunTemplateCode = z.string().regex(/^SMS_\d{3,20}$/, 'must be an Aliyun template code such as SMS_123456789');

const envShape = {
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /**
     * The listen address. Demo mode (published demo passwords) listens on 127.0.0.1 unless HOST is set;
     * otherwise every interface (0.0.0.0).
     */
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().url().optional(),
    /** API processes (node:cluster) sharing the port; more than one needs PostgreSQL (decision 038). */
    WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    /** Optional Redis (redis://…): shared rate-limit counters and the cross-process message bus (decision 038). */
    REDIS_URL: z.string().url().optional(),
    DEMO_MODE: booleanFromString.optional(),
    SEED_DEMO: booleanFromString.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Session lifetimes (decision 037): absolute and idle, for students, school and student-leader accounts;
     * STAFF_* for teacher accounts (teachers, TF, CSL, staff, administrators), which are shorter.
     */
    TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    TOKEN_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    STAFF_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    STAFF_TOKEN_IDLE_HOURS: z.coerce.number().int().min(1).max(8760).default(12),
    TRUST_PROXY: booleanFromString.default(false),
    /**
     * GET /metrics (Prometheus text) answers only a request carrying `Authorization: Bearer <METRICS_TOKEN>`;
     * without it the route does not exist. At least 32 characters (openssl rand -hex 32).
     */
    METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters (openssl rand -hex 32)').optional(),
    /**
     * On SIGTERM a node first answers /readyz with 503 for this long, so the load balancer stops sending it new
     * requests, then stops accepting and finishes the requests in flight before it exits.
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
    PUBLIC_URL: z.string().url().optional(),
    /**
     * Send Strict-Transport-Security (decision 033): the server is reached over HTTPS only. Defaults to true when
     * PUBLIC_URL starts with https://; set false while a deployment still needs plain HTTP on its host.
     */
    HSTS: booleanFromString.optional(),
    WEB_DIST_DIR: z.string().optional(),
    SMS_PROVIDER: z.enum(['outbox', 'aliyun']).default('outbox'),
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().optional(),
    ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
    /** Result notifications (docs/decisions/026): one registered template code per message kind, e.g. SMS_123456789. */
    ALIYUN_SMS_TEMPLATE_DECISION_RELEASED: aliyunTemplateCode.optional(),
    ALIYUN_SMS_TEMPLATE_TUITION_PAID: aliyunTemplateCode.optional(),
    ALIYUN_SMS_TEMPLATE_PARENT_PAID: aliyunTemplateCode.optional(),
    /** Checklist reminders (decision 046); without it an opted-in student's reminder SMS is recorded as failed. */
    ALIYUN_SMS_TEMPLATE_CHECKLIST_DUE: aliyunTemplateCode.optional(),
    /** Refund succeeded (parameters name, amount; decision 068). Optional: without it the SMS stays in the outbox as failed. */
    ALIYUN_SMS_TEMPLATE_REFUND_SUCCEEDED: aliyunTemplateCode.optional(),
    /** Admin messages (decision 061); without it an opted-in recipient's SMS is recorded as failed, the in-app notice still arrives. */
    ALIYUN_SMS_TEMPLATE_ADMIN_MESSAGE: aliyunTemplateCode.optional(),
    /** Payment due reminders and an offer released for non-payment (decision 072); without them those SMS are recorded as failed. */
    ALIYUN_SMS_TEMPLATE_PAYMENT_DUE: aliyunTemplateCode.optional(),
    ALIYUN_SMS_TEMPLATE_PLACE_RELEASED: aliyunTemplateCode.optional(),
    /** Another programme's result released or withdrawn (parameters name, item; decision 090); without them those SMS are recorded as failed, the notice under 消息 still arrives. */
    ALIYUN_SMS_TEMPLATE_PROGRAMME_RESULT: aliyunTemplateCode.optional(),
    ALIYUN_SMS_TEMPLATE_PROGRAMME_RESULT_WITHDRAWN: aliyunTemplateCode.optional(),
    ALIYUN_SMS_ENDPOINT: z.string().default('dysmsapi.aliyuncs.com'),
    /** Per-IP caps: a school lab behind one NAT address may need more than the default. */
    SMS_DAILY_PER_IP: z.coerce.number().int().min(1).default(ACCOUNT_LIMITS.smsDailyPerIp),
    LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(ACCOUNT_LIMITS.loginFailuresPerIp),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /**
     * Per-IP limit on login, registration, reset, captcha and capability links, counted across all processes
     * (decision 038); a school lab signing in at once from one address needs room.
     */
    SENSITIVE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(8192).default(19456),
    /**
     * Who serves WeChat Pay (WX) and Alipay (AL) orders: the platform's own sandbox checkout (default in demo
     * mode), the real provider, or nobody (default otherwise, so a production deploy never takes fake payments).
     */
    /**
     * `standin` (demo only, decision 070): the real WeChat Pay v3 gateway against a local stand-in of WeChat
     * Pay's servers mounted in-process under /__wechat/pay, with keys generated at start.
     */
    PAYMENT_WECHAT: z.enum(['sandbox', 'wechatpay', 'standin', 'off']).optional(),
    PAYMENT_ALIPAY: z.enum(['sandbox', 'alipay', 'off']).optional(),
    /** Signs sandbox notifications; when unset, a random secret is made once and kept in the settings table. */
    SANDBOX_PAY_SECRET: z.string().min(32).optional(),
    /** Signs WeChat payer tickets (modules/wechat/payer-ticket.ts); when unset, a random one kept in the settings table. */
    WECHAT_PAYER_TICKET_SECRET: z.string().min(32).optional(),
    WECHATPAY_MCH_ID: z.string().optional(),
    WECHATPAY_APP_ID: z.string().optional(),
    /** Serial number of the merchant API certificate whose private key signs requests. */
    WECHATPAY_CERT_SERIAL_NO: z.string().optional(),
    /** PEM (PKCS#8); `\n` escapes are accepted for one-line variables. */
    WECHATPAY_PRIVATE_KEY: z.string().optional(),
    WECHATPAY_API_V3_KEY: z.string().length(32).optional(),
    /** WeChat Pay public key (or platform certificate public key), PEM, and its id / serial (Wechatpay-Serial). */
    WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
    WECHATPAY_PLATFORM_SERIAL: z.string().optional(),
    WECHATPAY_API_BASE: z.string().url().default('https://api.mch.weixin.qq.com'),
    /** Other app ids bound to the merchant (official account, mini-program) whose payers may pay by JSAPI; comma-separated. */
    WECHATPAY_EXTRA_APP_IDS: z
      .string()
      .optional()
      .transform((v) => (v ?? '').split(',').map((x) => x.trim()).filter(Boolean)),
    /**
     * The WeChat browser (decision 069): web-page OAuth, binding, JS-SDK. `standin` serves WeChat's servers from
     * this process under /__wechat (default in demo mode), `live` talks to WeChat, `off` hides WeChat login.
     */
    WECHAT_MODE: z.enum(['off', 'standin', 'live']).optional(),
    /** The official account's app id (wx + 16 hex); required when live. */
    WECHAT_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{8,30}$/, 'must be an official-account app id such as wx1234567890abcdef').optional(),
    WECHAT_APP_SECRET: z.string().min(16).optional(),
    /** api.weixin.qq.com (sns/oauth2/access_token, sns/userinfo, cgi-bin/token, cgi-bin/ticket/getticket). */
    WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
    /** open.weixin.qq.com (connect/oauth2/authorize), where the browser is sent. */
    WECHAT_OPEN_BASE: z.string().url().default('https://open.weixin.qq.com'),
    /**
     * The WeChat mini-program (decision 097): `standin` serves its server API from this process under /__wechat/mini
     * (demo mode only; the default there), `live` talks to WeChat, `off` (the default elsewhere) turns it off.
     */
    MINIPROGRAM_MODE: z.enum(['off', 'standin', 'live']).optional(),
    MINIPROGRAM_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{8,30}$/, 'must be a mini-program app id such as wx1234567890abcdef').optional(),
    MINIPROGRAM_APP_SECRET: z.string().min(16).optional(),
    /** The club's mini-program, whose users log in through /api/login-mp-com; optional. */
    MINIPROGRAM_COM_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{8,30}$/, 'must be a mini-program app id such as wx1234567890abcdef').optional(),
    MINIPROGRAM_COM_APP_SECRET: z.string().min(16).optional(),
    /** api.weixin.qq.com (sns/jscode2session, cgi-bin/token, wxa/getwxacodeunlimit). */
    MINIPROGRAM_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
    /** Which version of the mini-program a scan-to-log-in code opens. */
    MINIPROGRAM_CODE_VERSION: z.enum(['release', 'trial', 'develop']).default('release'),
    /**
     * WeCom (企业微信, decision 098): staff sign-in, the student's WeCom binding and the seminar counsellors'
     * external-contact calls. `standin` serves WeCom's servers from this process under /__wecom (default in demo
     * mode; refused outside it), `live` talks to WeCom, `off` (default otherwise) hides WeCom sign-in.
     */
    WECOM_MODE: z.enum(['off', 'standin', 'live']).optional(),
    /** The corp id (ww + hex) and the self-built application's agent id and secret; required when live. */
    WECOM_CORP_ID: z.string().regex(/^w[wx][0-9a-zA-Z]{6,30}$/, 'must be a WeCom corp id such as ww1234567890abcdef').optional(),
    WECOM_AGENT_ID: z.string().regex(/^\d{1,12}$/, 'must be the application agent id (digits)').optional(),
    WECOM_SECRET: z.string().min(16).optional(),
    /** qyapi.weixin.qq.com (cgi-bin/gettoken, auth/getuserinfo, user/get, externalcontact/*). */
    WECOM_API_BASE: z.string().url().default('https://qyapi.weixin.qq.com'),
    /** open.weixin.qq.com (connect/oauth2/authorize), where the browser is sent. */
    WECOM_OPEN_BASE: z.string().url().default('https://open.weixin.qq.com'),
    /** login.work.weixin.qq.com (wwlogin/sso/login): the QR sign-in of a browser outside WeCom. */
    WECOM_SSO_BASE: z.string().url().default('https://login.work.weixin.qq.com'),
    /**
     * The customer-contact callback (decision 099, /api/wecom/callback/contact): the Token and the 43-character
     * EncodingAESKey set beside the callback URL in WeCom's console. Unset: the stand-in's demo keys in standin
     * mode; in live mode the callback is refused until they are set.
     */
    WECOM_CALLBACK_TOKEN: z.string().regex(/^[A-Za-z0-9]{3,32}$/, 'must be the callback Token (letters and digits, at most 32)').optional(),
    WECOM_CALLBACK_AES_KEY: z.string().regex(/^[A-Za-z0-9]{43}$/, 'must be the 43-character EncodingAESKey').optional(),
    ALIPAY_APP_ID: z.string().optional(),
    /** Application private key, PEM (PKCS#1 or PKCS#8) or bare base64. */
    ALIPAY_PRIVATE_KEY: z.string().optional(),
    /** Alipay's public key, PEM or bare base64. */
    ALIPAY_PUBLIC_KEY: z.string().optional(),
    ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
    /**
     * Who serves Stripe (STRIPE) orders for payers abroad (decision 071): the sandbox checkout (default in demo
     * mode), Stripe itself, a local Stripe stand-in at STRIPE_API_BASE (tests, demos of the real SDK calls), or
     * nobody (default otherwise).
     */
    PAYMENT_STRIPE: z.enum(['sandbox', 'stripe', 'standin', 'off']).optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    /** pk_live_… / pk_test_…: the web confirms with Stripe.js. Only used when PAYMENT_STRIPE=stripe. */
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    /** whsec_…: verifies the Stripe-Signature of webhooks to /api/payment/notify/stripe. */
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** The API's origin; the stand-in's http://127.0.0.1:PORT with PAYMENT_STRIPE=standin. */
    STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
    /**
     * Who serves the NHP partner channel (decision 076; H-week/X-week and Dean's List deposits and final payments
     * only): the sandbox checkout (default in demo mode), NHP itself, the local NHP stand-in mounted at /__nhp
     * (demo mode only), or nobody (default otherwise).
     */
    PAYMENT_NHP: z.enum(['sandbox', 'nhp', 'standin', 'off']).optional(),
    NHP_MERCHANT_ID: z.string().regex(/^[A-Za-z0-9_-]{4,40}$/, 'NHP_MERCHANT_ID: 4–40 letters, digits, _ or -').optional(),
    /** The merchant key NHP issued (HMAC-SHA256 over the canonical parameters); at least 32 characters. */
    NHP_KEY: z.string().min(32, 'NHP_KEY must be at least 32 characters').optional(),
    NHP_API_BASE: z.string().url().default('https://pay.nhp-partner.example/gateway'),
    /** Where uploaded files live (decision 010): DATA_DIR/uploads, an S3-compatible bucket, or Aliyun OSS. */
    STORAGE_PROVIDER: z.enum(['local', 's3', 'aliyun-oss']).default('local'),
    /** Largest file a credential is signed for, in MB. */
    UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1024).default(20),
    /** Signs local upload policies; when unset, a random secret is made once and kept in the settings table. */
    UPLOAD_SIGNING_SECRET: z.string().min(32).optional(),
    /** Signs the rotating check-in QR tokens and calendar-feed keys (decision 051); when unset, a random secret is made once and kept in the settings table. */
    CHECKIN_SIGNING_SECRET: z.string().min(32).optional(),
    /** Signs the referral codes posters carry (decision 107); when unset, a random secret is made once and kept in the settings table. */
    REFERRAL_SIGNING_SECRET: z.string().min(32, 'REFERRAL_SIGNING_SECRET must be at least 32 characters (openssl rand -hex 32)').optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().optional(),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: booleanFromString.default(false),
    OSS_REGION: z.string().optional(),
    OSS_BUCKET: z.string().optional(),
    OSS_ACCESS_KEY_ID: z.string().optional(),
    OSS_ACCESS_KEY_SECRET: z.string().optional(),
    /** Custom domain or internal endpoint; default https://<bucket>.<region>.aliyuncs.com. */
    OSS_ENDPOINT: z.string().url().optional(),
    /** Days a replaced or abandoned upload (one no form or setting refers to) is kept before it is deleted. */
    UPLOAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** How often the upload retention sweep runs, in minutes (one run at a time across all processes). */
    UPLOAD_SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    /**
     * Test hook of the interrupted-start test (decision 022): the process SIGKILLs itself at this point of its
     * start. Refused outside NODE_ENV=test.
     */
    STARTUP_KILL_AT: z.enum(['pglite-initialised', 'migrated', 'reference-data', 'reference-data-committed', 'demo-seed']).optional(),
    /** Hosts serving the AMC variant (decision 015), comma-separated, e.g. amc.summit.cn; hosts starting "amc." always are. */
    AMC_HOSTS: hostListFromString.default([]),
    /** Hosts where visitors need tester status (/innersecurity), comma-separated, e.g. test.summit.cn. */
    NON_PRODUCTION_HOSTS: hostListFromString.default([]),
    /** The tester password of those hosts; required when NON_PRODUCTION_HOSTS is set. */
    TESTER_PASSWORD: z.string().min(8).max(200).optional(),
    /**
     * AES-256-GCM key for data encrypted at rest (decision 036: staff TOTP secrets), 32 bytes in base64. Outside
     * demo mode the server refuses to start without it; in demo mode a random key is kept in the settings table.
     */
    DATA_ENCRYPTION_KEY: z
      .string()
      .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, 'must be 32 random bytes in base64 (openssl rand -base64 32)')
      .optional(),
    /** Who delivers e-mail (decision 027): the outbox table (default; read in demo mode) or an SMTP server. */
    MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_HOST: z.string().optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(465),
    /** TLS from the first byte (port 465); false upgrades with STARTTLS when the server offers it (587). */
    SMTP_SECURE: booleanFromString.optional(),
    SMTP_USER: z.string().optional(),
    SMTP_PASS: z.string().optional(),
    /** The From header, e.g. `Summit <no-reply@summit.cn>`. */
    MAIL_FROM: z.string().optional(),
    /**
     * The programme's badge-issuer key (decision 104): an RSA private key of at least 2048 bits, PKCS#8 PEM (line
     * breaks may be written \n). It signs the Open Badges credentials; demo mode generates one into the database.
     */
    BADGES_ISSUER_KEY: z
      .string()
      .refine((v) => {
        try {
          const key = createPrivateKey(v.includes('\\n') ? v.replace(/\\n/g, '\n') : v);
          return key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048;
        } catch {
          return false;
        }
      }, 'must be an RSA private key of at least 2048 bits in PEM (openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048)')
      .optional(),
};

const envSchema = z
  .object(envShape)
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER === 'aliyun') {
      for (const key of [
        'ALIYUN_SMS_ACCESS_KEY_ID',
        'ALIYUN_SMS_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_SIGN_NAME',
        'ALIYUN_SMS_TEMPLATE_CODE',
        'ALIYUN_SMS_TEMPLATE_DECISION_RELEASED',
        'ALIYUN_SMS_TEMPLATE_TUITION_PAID',
        'ALIYUN_SMS_TEMPLATE_PARENT_PAID',
      ] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when SMS_PROVIDER=aliyun` });
      }
    }
    if (env.PAYMENT_WECHAT === 'wechatpay') {
      for (const key of [
        'WECHATPAY_MCH_ID',
        'WECHATPAY_APP_ID',
        'WECHATPAY_CERT_SERIAL_NO',
        'WECHATPAY_PRIVATE_KEY',
        'WECHATPAY_API_V3_KEY',
        'WECHATPAY_PLATFORM_PUBLIC_KEY',
        'WECHATPAY_PLATFORM_SERIAL',
        'PUBLIC_URL',
      ] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when PAYMENT_WECHAT=wechatpay` });
      }
    }
    if (env.PAYMENT_WECHAT === 'standin' && (env.DEMO_MODE ?? !env.DATABASE_URL) === false) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENT_WECHAT'], message: 'PAYMENT_WECHAT=standin is a demo mode: it needs DEMO_MODE (never take fake WeChat payments in production)' });
    }
    if (env.WECHAT_MODE === 'live') {
      for (const key of ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'PUBLIC_URL'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when WECHAT_MODE=live` });
      }
    }
    if (env.WECOM_MODE === 'live') {
      for (const key of ['WECOM_CORP_ID', 'WECOM_AGENT_ID', 'WECOM_SECRET', 'PUBLIC_URL'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when WECOM_MODE=live` });
      }
    }
    if (env.WECOM_MODE === 'standin' && (env.DEMO_MODE ?? !env.DATABASE_URL) === false) {
      ctx.addIssue({ code: 'custom', path: ['WECOM_MODE'], message: 'WECOM_MODE=standin is a demo mode: it needs DEMO_MODE (anyone could sign in as a linked staff member)' });
    }
    if (env.MINIPROGRAM_MODE === 'live') {
      for (const key of ['MINIPROGRAM_APP_ID', 'MINIPROGRAM_APP_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when MINIPROGRAM_MODE=live` });
      }
    }
    if (Boolean(env.MINIPROGRAM_COM_APP_ID) !== Boolean(env.MINIPROGRAM_COM_APP_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['MINIPROGRAM_COM_APP_ID'], message: 'MINIPROGRAM_COM_APP_ID and MINIPROGRAM_COM_APP_SECRET go together' });
    }
    if (env.MINIPROGRAM_MODE === 'standin' && (env.DEMO_MODE ?? !env.DATABASE_URL) === false) {
      ctx.addIssue({ code: 'custom', path: ['MINIPROGRAM_MODE'], message: 'MINIPROGRAM_MODE=standin is a demo mode: it needs DEMO_MODE' });
    }
    if (env.PAYMENT_ALIPAY === 'alipay') {
      for (const key of ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'PUBLIC_URL'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when PAYMENT_ALIPAY=alipay` });
      }
    }
    if (env.PAYMENT_STRIPE === 'stripe' || env.PAYMENT_STRIPE === 'standin') {
      const keys = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', ...(env.PAYMENT_STRIPE === 'stripe' ? (['STRIPE_PUBLISHABLE_KEY', 'PUBLIC_URL'] as const) : [])] as const;
      for (const key of keys) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when PAYMENT_STRIPE=${env.PAYMENT_STRIPE}` });
      }
    }
    if (env.PAYMENT_NHP === 'nhp') {
      for (const key of ['NHP_MERCHANT_ID', 'NHP_KEY', 'PUBLIC_URL'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when PAYMENT_NHP=nhp` });
      }
    }
    if (env.PAYMENT_NHP === 'standin' && (env.DEMO_MODE ?? !env.DATABASE_URL) === false) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENT_NHP'], message: 'PAYMENT_NHP=standin is a demo mode: it needs DEMO_MODE (never take fake partner payments in production)' });
    }
    if (env.NON_PRODUCTION_HOSTS.length > 0 && !env.TESTER_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['TESTER_PASSWORD'], message: 'TESTER_PASSWORD is required when NON_PRODUCTION_HOSTS is set' });
    }
    if (env.WORKERS > 1 && !env.DATABASE_URL) {
      // PGlite is one process's embedded database (its data directory is locked): workers could not share it.
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: `WORKERS=${env.WORKERS} 需要 PostgreSQL（设置 DATABASE_URL）；内嵌数据库只支持单进程 (WORKERS=${env.WORKERS} needs PostgreSQL: set DATABASE_URL; the embedded database serves one process only)`,
      });
    }
    if (env.STARTUP_KILL_AT && env.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['STARTUP_KILL_AT'], message: 'STARTUP_KILL_AT is a test hook: only accepted with NODE_ENV=test' });
    }
    if (env.MAIL_PROVIDER === 'smtp') {
      // PUBLIC_URL: a verification link must never be built from a request's Host header.
      for (const key of ['SMTP_HOST', 'MAIL_FROM', 'PUBLIC_URL'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when MAIL_PROVIDER=smtp` });
      }
      if (Boolean(env.SMTP_USER) !== Boolean(env.SMTP_PASS)) {
        ctx.addIssue({ code: 'custom', path: ['SMTP_PASS'], message: 'SMTP_USER and SMTP_PASS are set together' });
      }
    }
    if (env.STORAGE_PROVIDER === 's3') {
      for (const key of ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when STORAGE_PROVIDER=s3` });
      }
    }
    if (env.STORAGE_PROVIDER === 'aliyun-oss') {
      for (const key of ['OSS_REGION', 'OSS_BUCKET', 'OSS_ACCESS_KEY_ID', 'OSS_ACCESS_KEY_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when STORAGE_PROVIDER=aliyun-oss` });
      }
    }
  })
  .transform((env) => ({
    ...env,
    // Demo mode (dev outbox route, demo seed) is the default only for the embedded database.
    DEMO_MODE: env.DEMO_MODE ?? !env.DATABASE_URL,
    SEED_DEMO: env.SEED_DEMO ?? !env.DATABASE_URL,
    PAYMENT_WECHAT: env.PAYMENT_WECHAT ?? ((env.DEMO_MODE ?? !env.DATABASE_URL) ? 'sandbox' : 'off'),
    PAYMENT_ALIPAY: env.PAYMENT_ALIPAY ?? ((env.DEMO_MODE ?? !env.DATABASE_URL) ? 'sandbox' : 'off'),
    PAYMENT_STRIPE: env.PAYMENT_STRIPE ?? ((env.DEMO_MODE ?? !env.DATABASE_URL) ? 'sandbox' : 'off'),
    PAYMENT_NHP: env.PAYMENT_NHP ?? ((env.DEMO_MODE ?? !env.DATABASE_URL) ? 'sandbox' : 'off'),
    WECHAT_MODE: env.WECHAT_MODE ?? ((env.DEMO_MODE ?? !env.DATABASE_URL) ? 'standin' : 'off'),
    WECOM_MODE: env.WECOM_MODE ?? ((env.DEMO_MODE ?? !env.DATABASE_URL) ? 'standin' : 'off'),
    HSTS: env.HSTS ?? Boolean(env.PUBLIC_URL?.startsWith('https://')),
    HOST: env.HOST ?? ((env.DEMO_MODE ?? !env.DATABASE_URL) ? '127.0.0.1' : '0.0.0.0'),
  }));

export type Env = z.output<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env, overrides: Partial<Record<keyof z.input<typeof envSchema>, string>> = {}): Env {
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(envShape)) {
    const value = (overrides as Record<string, string | undefined>)[key] ?? source[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
