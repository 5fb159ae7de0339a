import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUS } from '@summit/domain/errors';
import { EMAIL_MSG, EMAIL_RESULT_PAGES } from '@summit/domain/email-verification';
import { emailValidateQuerySchema, emailVerificationStatusSchema, mailOutboxItemSchema, mailOutboxQuerySchema } from '@summit/domain/api/email';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import type { MailProvider } from '../../providers/mail/mail-provider.ts';
import { emailStatus, sendVerificationEmail, validateEmailToken, type EmailDeps } from './email.service.ts';
import { listMailOutbox } from './email.repo.ts';

const tags = ['email'];

/** E-mail verification (decision 027). `mail` is injectable so tests can make delivery fail. */
export function emailRoutes(options: { mail?: MailProvider } = {}) {
  return async function registerEmailRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const deps: EmailDeps = { ctx: app.ctx, mail: options.mail ?? createMailProvider(app.ctx.env, app.log) };
    // The link must point at this site: PUBLIC_URL (required with SMTP), else the address the request came to.
    const origin = (req: FastifyRequest) => app.ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`;

    r.get(
      '/api/student/email/status',
      { schema: { tags, summary: '邮箱验证状态', response: { 200: envelopeOf(emailVerificationStatusSchema) } } },
      async (req) => ok(await emailStatus(deps, authOf(req).accountId)),
    );
    r.post(
      '/api/student/email/verify/send',
      {
        schema: { tags, summary: '发送验证邮件（每个账号60秒一次、24小时5次；链接24小时有效、只能用一次）', response: { 200: envelopeOf(emailVerificationStatusSchema) } },
      },
      async (req) => ok(await sendVerificationEmail(deps, authOf(req).accountId, origin(req)), EMAIL_MSG.SENT),
    );

    // The link in the e-mail. A browser follows the Location; the body is the spec's 302 envelope (docs/product/errors.md).
    r.get(
      '/api/email/validate',
      { config: { auth: 'public' }, schema: { tags, summary: '邮件中的验证链接：成功或失败都302到结果页', querystring: emailValidateQuerySchema } },
      async (req, reply) => {
        const outcome = await validateEmailToken(deps, req.query.token);
        const url = outcome.ok ? EMAIL_RESULT_PAGES.success : `${EMAIL_RESULT_PAGES.fail}?reason=${outcome.reason}`;
        return reply.code(302).header('location', url).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send({ status: STATUS.REDIRECT, msg: '', data: { url } });
      },
    );

    // Demo mode only: the e-mails the outbox provider "sent", like /api/dev/outbox for SMS.
    if (app.ctx.env.DEMO_MODE) {
      r.get(
        '/api/dev/mail-outbox',
        { config: { auth: 'public' }, schema: { tags: ['system'], summary: '演示模式：邮件发件箱', querystring: mailOutboxQuerySchema, response: { 200: envelopeOf(z.array(mailOutboxItemSchema)) } } },
        async (req) => {
          const rows = await listMailOutbox(app.ctx.db, req.query.to ?? null, 20);
          return ok(rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })));
        },
      );
    }
  };
}
