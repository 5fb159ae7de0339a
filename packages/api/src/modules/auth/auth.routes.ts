import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG,
  authInfoSchema,
  captchaAnswerRequestSchema,
  captchaQuestionRequestSchema,
  loginAnswerSchema,
  loginRequestSchema,
  loginResultSchema,
  registerRequestSchema,
  resetRequestSchema,
} from '@summit/domain';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { login, registerStudent, resetPassword } from './account.service.ts';
import { requestMeta } from './request-meta.ts';
import { revokeTokenById } from './token.service.ts';
import { answerCaptcha, askCaptcha } from './verification.service.ts';
import { getAuthInfo } from './auth-info.service.ts';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post(
    '/api/captcha/question',
    { config: { auth: 'public' }, schema: { tags, summary: '获取图形算术验证题', body: captchaQuestionRequestSchema, response: { 200: envelopeOf(z.object({ code: z.string() })) } } },
    async (req) => ok(await askCaptcha(app.ctx, { phoneCode: req.body.phone_code, phone: req.body.phone }, req.ip)),
  );

  r.post(
    '/api/captcha/answer',
    { config: { auth: 'public' }, schema: { tags, summary: '回答验证题并发送短信验证码', body: captchaAnswerRequestSchema, response: { 200: envelopeOf(z.object({ interval: z.number() })) } } },
    async (req) => ok(await answerCaptcha(app.ctx, { phoneCode: req.body.phone_code, phone: req.body.phone }, req.body.code, req.ip), MSG.CODE_SENT),
  );

  r.post(
    '/api/register',
    { config: { auth: 'public' }, schema: { tags, summary: '学生注册', body: registerRequestSchema, response: { 200: envelopeOf(loginResultSchema) } } },
    async (req) =>
      ok(
        await registerStudent(app.ctx, { phoneCode: req.body.phone_code, phone: req.body.phone, code: req.body.code, password: req.body.password }, requestMeta(req)),
      ),
  );

  r.post(
    '/api/login',
    { config: { auth: 'public' }, schema: { tags, summary: '手机号+密码或手机号+验证码登录（员工开启两步验证时返回 challenge，见 /api/auth/mfa/verify）', body: loginRequestSchema, response: { 200: envelopeOf(loginAnswerSchema) } } },
    async (req) => {
      const body = req.body as { phone_code: string; phone: string; password?: string; code?: string };
      const ref = { phoneCode: body.phone_code, phone: body.phone };
      const input = body.password !== undefined ? { ...ref, password: body.password } : { ...ref, code: body.code ?? '' };
      return ok(await login(app.ctx, input, requestMeta(req)));
    },
  );

  r.post(
    '/api/reset',
    { config: { auth: 'public' }, schema: { tags, summary: '短信验证码重置密码', body: resetRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await resetPassword(app.ctx, { phoneCode: req.body.phone_code, phone: req.body.phone, code: req.body.code, password: req.body.password });
      return { status: 200 as const, msg: MSG.RESET_OK };
    },
  );

  r.post('/api/logout', { config: { auth: 'any' }, schema: { tags, summary: '退出登录', response: { 200: emptyEnvelopeSchema } } }, async (req) => {
    await revokeTokenById(app.ctx, authOf(req).tokenId);
    return { status: 200 as const, msg: 'ok' };
  });

  r.get('/api/auth/info', { config: { auth: 'any' }, schema: { tags, summary: '当前登录账号', response: { 200: envelopeOf(authInfoSchema) } } }, async (req) =>
    ok(await getAuthInfo(app.ctx, authOf(req))),
  );
}
