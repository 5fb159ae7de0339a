import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MFA_MSG,
  loginResultSchema,
  mfaCodeRequestSchema,
  mfaConfirmRequestSchema,
  mfaEnrolmentSchema,
  mfaEnrolResultSchema,
  mfaRecoveryCodesSchema,
  mfaSetupConfirmRequestSchema,
  mfaSetupRequestSchema,
  mfaStatusSchema,
  mfaVerifyRequestSchema,
  securitySettingsSchema,
  securitySettingsUpdateRequestSchema,
  staffMfaListSchema,
} from '@summit/domain';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { startSession } from './account.service.ts';
import { requestMeta } from './request-meta.ts';
import {
  beginChallengeEnrolment,
  beginEnrolment,
  confirmAccountEnrolment,
  confirmChallengeEnrolment,
  disableMfa,
  getMfaStatus,
  getSecuritySettings,
  listStaffSecondFactors,
  regenerateRecoveryCodes,
  resetStaffMfa,
  updateSecuritySettings,
  verifyChallenge,
} from './mfa.service.ts';

/**
 * Two-factor sign-in (decision 036). The challenge routes are public: the challenge from /api/login is the
 * credential. The account routes take any role's token and the service refuses students and SL accounts.
 */
export async function mfaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post(
    '/api/auth/mfa/verify',
    { config: { auth: 'public' }, schema: { tags, summary: '两步验证：用身份验证器验证码或恢复码完成登录', body: mfaVerifyRequestSchema, response: { 200: envelopeOf(loginResultSchema) } } },
    async (req) => {
      const { account, plat } = await verifyChallenge(app.ctx, req.body);
      return ok(await startSession(app.ctx, account, { ...requestMeta(req), plat }), MFA_MSG.VERIFY_OK);
    },
  );

  r.post(
    '/api/auth/mfa/setup',
    { config: { auth: 'public' }, schema: { tags, summary: '登录时必须绑定身份验证器：获取密钥与二维码', body: mfaSetupRequestSchema, response: { 200: envelopeOf(mfaEnrolmentSchema) } } },
    async (req) => ok(await beginChallengeEnrolment(app.ctx, req.body.challenge)),
  );

  r.post(
    '/api/auth/mfa/setup/confirm',
    {
      config: { auth: 'public' },
      schema: { tags, summary: '登录时绑定身份验证器：输入验证码，返回恢复码并完成登录', body: mfaSetupConfirmRequestSchema, response: { 200: envelopeOf(loginResultSchema.extend(mfaRecoveryCodesSchema.shape)) } },
    },
    async (req) => {
      const { account, plat, recoveryCodes } = await confirmChallengeEnrolment(app.ctx, req.body);
      const session = await startSession(app.ctx, account, { ...requestMeta(req), plat });
      return ok({ ...session, recovery_codes: recoveryCodes }, MFA_MSG.ENABLED_OK);
    },
  );

  r.get('/api/auth/mfa/status', { config: { auth: 'any' }, schema: { tags, summary: '两步验证状态', response: { 200: envelopeOf(mfaStatusSchema) } } }, async (req) =>
    ok(await getMfaStatus(app.ctx, authOf(req))),
  );

  r.post('/api/auth/mfa/enrol', { config: { auth: 'any' }, schema: { tags, summary: '开启两步验证：获取新密钥与二维码', response: { 200: envelopeOf(mfaEnrolmentSchema) } } }, async (req) =>
    ok(await beginEnrolment(app.ctx, authOf(req))),
  );

  r.post(
    '/api/auth/mfa/enrol/confirm',
    {
      config: { auth: 'any' },
      schema: { tags, summary: '开启两步验证：输入验证码确认，返回10个恢复码（只显示一次）；该账号的其他登录设备全部退出', body: mfaConfirmRequestSchema, response: { 200: envelopeOf(mfaEnrolResultSchema) } },
    },
    async (req) => {
      const result = await confirmAccountEnrolment(app.ctx, authOf(req), req.body.code);
      return ok(result, result.sessions_ended > 0 ? MFA_MSG.ENABLED_OTHERS_ENDED : MFA_MSG.ENABLED_OK);
    },
  );

  r.post(
    '/api/auth/mfa/disable',
    { config: { auth: 'any' }, schema: { tags, summary: '关闭两步验证（需当前验证码；管理员和工作人员在强制时不可关闭）', body: mfaCodeRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await disableMfa(app.ctx, authOf(req), req.body.code);
      return { status: 200 as const, msg: MFA_MSG.DISABLED_OK };
    },
  );

  r.post(
    '/api/auth/mfa/recovery-codes',
    { config: { auth: 'any' }, schema: { tags, summary: '重新生成恢复码（需当前验证码，旧恢复码失效）', body: mfaCodeRequestSchema, response: { 200: envelopeOf(mfaRecoveryCodesSchema) } } },
    async (req) => ok(await regenerateRecoveryCodes(app.ctx, authOf(req), req.body.code), MFA_MSG.CODES_REGENERATED),
  );

  r.get('/api/admin/staff/mfa', { schema: { tags: ['admin'], summary: '员工两步验证状态', response: { 200: envelopeOf(staffMfaListSchema) } } }, async () =>
    ok(await listStaffSecondFactors(app.ctx)),
  );

  r.post(
    '/api/admin/staff/:id/mfa/reset',
    {
      schema: {
        tags: ['admin'],
        summary: '重置员工的两步验证（写入审计日志，并结束其登录会话）',
        params: z.object({ id: z.coerce.number({ error: '员工编号不正确' }).int('员工编号不正确').positive('员工编号不正确').max(2_147_483_647, '员工编号不正确') }),
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (req) => {
      await resetStaffMfa(app.ctx, authOf(req), req.params.id);
      return { status: 200 as const, msg: MFA_MSG.RESET_OK };
    },
  );

  r.get('/api/admin/settings/security', { schema: { tags: ['admin'], summary: '安全设置（两步验证强制）', response: { 200: envelopeOf(securitySettingsSchema) } } }, async () =>
    ok(await getSecuritySettings(app.ctx)),
  );

  r.put(
    '/api/admin/settings/security',
    { schema: { tags: ['admin'], summary: '修改安全设置（写入审计日志）', body: securitySettingsUpdateRequestSchema, response: { 200: envelopeOf(securitySettingsSchema) } } },
    async (req) => ok(await updateSecuritySettings(app.ctx, authOf(req), req.body), MFA_MSG.SETTING_SAVED),
  );
}
