import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SESSION_MSG,
  adminAccountParamsSchema,
  passwordChangeRequestSchema,
  sessionListSchema,
  sessionParamsSchema,
  sessionsRevokedSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { changePassword } from './account.service.ts';
import { requestMeta } from './request-meta.ts';
import { adminEndAccountSessions, endOtherSessions, endSession, listSessions } from './sessions.service.ts';

/**
 * 登录设备 (decision 037). Under /api/auth/ so every role uses the same paths; the token says whose
 * sessions they are. The administrator's action is under /api/admin/ like every admin write.
 */
export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.get('/api/auth/sessions', { config: { auth: 'any' }, schema: { tags, summary: '我的登录设备（当前设备标记 current）', response: { 200: envelopeOf(sessionListSchema) } } }, async (req) =>
    ok(await listSessions(app.ctx, authOf(req))),
  );

  r.post(
    '/api/auth/sessions/:id/revoke',
    { config: { auth: 'any' }, schema: { tags, summary: '退出某个其他设备', params: sessionParamsSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await endSession(app.ctx, authOf(req), req.params.id);
      return { status: 200 as const, msg: SESSION_MSG.REVOKED_ONE };
    },
  );

  r.post(
    '/api/auth/sessions/revoke-others',
    { config: { auth: 'any' }, schema: { tags, summary: '退出其他所有设备', response: { 200: envelopeOf(sessionsRevokedSchema) } } },
    async (req) => ok(await endOtherSessions(app.ctx, authOf(req)), SESSION_MSG.REVOKED_OTHERS),
  );

  r.post(
    '/api/auth/password',
    { config: { auth: 'any' }, schema: { tags, summary: '修改密码（其他设备随之退出登录）', body: passwordChangeRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await changePassword(app.ctx, authOf(req), { password: req.body.password, newPassword: req.body.new_password }, requestMeta(req));
      return { status: 200 as const, msg: SESSION_MSG.PASSWORD_CHANGED };
    },
  );

  r.post(
    '/api/admin/accounts/:id/sessions/revoke',
    { schema: { tags: ['admin'], summary: '管理员退出某账号的所有登录设备（记入操作记录）', params: adminAccountParamsSchema, response: { 200: envelopeOf(sessionsRevokedSchema) } } },
    async (req) => ok(await adminEndAccountSessions(app.ctx, authOf(req), req.params.id), SESSION_MSG.ADMIN_REVOKED),
  );
}
