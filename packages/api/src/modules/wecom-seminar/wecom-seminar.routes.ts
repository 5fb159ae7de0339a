import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  SEMINAR_KEY_HEADER,
  STATUS,
  WECOM_SEMINAR_MSG,
  adminSeminarListSchema,
  adminSeminarSchema,
  adminSeminarSignupPageSchema,
  counsellorInputSchema,
  counsellorListSchema,
  counsellorSchema,
  idParamsSchema,
  seminarCodeParamsSchema,
  seminarContactSchema,
  seminarDivideInputSchema,
  seminarInputSchema,
  seminarListSchema,
  seminarSignupInputSchema,
  seminarSignupQuerySchema,
  seminarSignupResultSchema,
  seminarSignupViewSchema,
  wecomCallbackQuerySchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { sendSheet } from '../../http/xlsx-stream.ts';
import { createWecomContactApi } from '../../providers/wecom/wecom-contact.ts';
import { WECOM_STANDIN_PREFIX } from '../../stand-ins/wecom.ts';
import { WECOM_CONTACT_STANDIN_KEYS, createWecomContactStandin, type WecomContactStandin } from '../../stand-ins/wecom-contact.ts';
import {
  contactWay,
  createCounsellor,
  createSeminar,
  divide,
  exportSignups,
  getAdminSeminars,
  getCounsellors,
  getSignup,
  getSignups,
  listOpenSeminars,
  receiveCallback,
  signUp,
  updateCounsellor,
  updateSeminar,
  verifyCallback,
  type SeminarDeps,
} from './wecom-seminar.service.ts';

/** Where WeCom posts customer-contact events (set as the callback URL in WeCom's console). */
export const WECOM_CONTACT_CALLBACK_PATH = '/api/wecom/callback/contact';
const CALLBACK_BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process stand-in of WeCom's customer contact (WECOM_MODE=standin), else null. */
    wecomContactStandin: WecomContactStandin | null;
  }
}

const keyOf = (req: FastifyRequest) => {
  const v = req.headers[SEMINAR_KEY_HEADER];
  return typeof v === 'string' ? v : undefined;
};

const refused = (reason: string) => new AppError(STATUS.MESSAGE, reason === 'replay' ? '重复的回调消息' : '回调验证失败', { httpStatus: 403 });

/**
 * The information seminar over WeCom (decision 099): mounts the customer-contact stand-in in standin mode (and
 * decorates app.wecomContactStandin), then the routes. Needs app.wecom (installWecom) first.
 */
export async function installWecomSeminar(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const env = ctx.env;
  const wecom = app.wecom;
  const client = wecom.client;
  const standinKeys = wecom.mode === 'standin' ? WECOM_CONTACT_STANDIN_KEYS : null;
  const token = env.WECOM_CALLBACK_TOKEN ?? standinKeys?.token;
  const aesKey = env.WECOM_CALLBACK_AES_KEY ?? standinKeys?.aesKey;

  let standin: WecomContactStandin | null = null;
  if (wecom.standin && token && aesKey) {
    standin = createWecomContactStandin({
      standin: wecom.standin,
      keys: { token, aesKey },
      publicBase: WECOM_STANDIN_PREFIX,
      now: () => ctx.now().getTime(),
      deliver: async (query, xml) => {
        const res = await app.inject({ method: 'POST', url: `${WECOM_CONTACT_CALLBACK_PATH}?${query}`, headers: { 'content-type': 'text/xml' }, payload: xml });
        return { status: res.statusCode, body: res.body };
      },
    });
    await app.register(standin.plugin, { prefix: WECOM_STANDIN_PREFIX });
  }
  app.decorate('wecomContactStandin', standin);

  const deps: SeminarDeps = {
    ctx,
    contact: client ? createWecomContactApi(client) : null,
    keys: client && token && aesKey ? { token, aesKey, corpId: client.corpId } : null,
    demoScanUrl: standin ? (configId) => `${WECOM_STANDIN_PREFIX}/contact/scan?config_id=${encodeURIComponent(configId)}` : null,
  };
  await app.register(async (scope) => wecomSeminarRoutes(scope, deps));
}

async function wecomSeminarRoutes(app: FastifyInstance, deps: SeminarDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = deps.ctx;

  const tags = ['wecom'];
  const pub = { auth: 'public' as const };
  r.get('/api/wecom/seminars', { config: pub, schema: { tags, summary: '正在报名的说明会', response: { 200: envelopeOf(seminarListSchema) } } }, async () => ok(await listOpenSeminars(ctx)));
  r.post(
    '/api/wecom/seminar/signups',
    { config: pub, schema: { tags, summary: '报名说明会（key 为浏览器生成的报名凭证；同一凭证重复提交得到同一报名）', body: seminarSignupInputSchema, response: { 200: envelopeOf(seminarSignupResultSchema) } } },
    async (req) => ok(await signUp(ctx, req.body), WECOM_SEMINAR_MSG.SIGNED_UP),
  );
  r.post(
    '/api/wecom/seminar/divide',
    { config: pub, schema: { tags, summary: '分配顾问（按学校、省份与接待量；已分配则返回原顾问；需 x-seminar-key）', body: seminarDivideInputSchema, response: { 200: envelopeOf(seminarSignupViewSchema) } } },
    async (req) => ok(await divide(ctx, req.body.code, keyOf(req))),
  );
  r.get(
    '/api/wecom/seminar/signups/:code',
    { config: pub, schema: { tags, summary: '我的报名与顾问（需 x-seminar-key）', params: seminarCodeParamsSchema, response: { 200: envelopeOf(seminarSignupViewSchema) } } },
    async (req) => ok(await getSignup(ctx, req.params.code, keyOf(req))),
  );
  r.post(
    '/api/wecom/seminar/signups/:code/contact',
    { config: pub, schema: { tags, summary: '顾问的企业微信“联系我”二维码（需 x-seminar-key）', params: seminarCodeParamsSchema, response: { 200: envelopeOf(seminarContactSchema) } } },
    async (req) => ok(await contactWay(deps, req.params.code, keyOf(req))),
  );

  // WeCom's callback: GET verifies the URL, POST carries events; the signature covers the exact ciphertext.
  r.get(
    WECOM_CONTACT_CALLBACK_PATH,
    { config: pub, schema: { tags, summary: '企业微信回调地址验证（echostr）', querystring: wecomCallbackQuerySchema } },
    async (req, reply) => {
      const answer = verifyCallback(deps, req.query);
      if (!answer.ok) throw refused(answer.reason);
      return reply.type('text/plain; charset=utf-8').send(answer.body);
    },
  );
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      WECOM_CONTACT_CALLBACK_PATH,
      { config: pub, schema: { tags, summary: '企业微信客户联系事件回调（验签、解密；重放拒绝）', querystring: wecomCallbackQuerySchema } },
      async (req, reply) => {
        const answer = await receiveCallback(deps, req.query, typeof req.body === 'string' ? req.body : '');
        if (!answer.ok) {
          req.log.warn({ reason: answer.reason }, 'WeCom callback refused');
          throw refused(answer.reason);
        }
        return reply.type('text/plain; charset=utf-8').send(answer.body);
      },
    );
  });

  const admin = ['admin'];
  r.get('/api/admin/wecom-seminar/counsellors', { schema: { tags: admin, summary: '说明会顾问与分配规则', response: { 200: envelopeOf(counsellorListSchema) } } }, async () => ok(await getCounsellors(ctx)));
  r.post(
    '/api/admin/wecom-seminar/counsellors',
    { schema: { tags: admin, summary: '新增顾问（企业微信账号、负责省份与学校、接待上限；写入审计日志）', body: counsellorInputSchema, response: { 200: envelopeOf(counsellorSchema) } } },
    async (req) => ok(await createCounsellor(ctx, authOf(req), req.body), WECOM_SEMINAR_MSG.SAVED),
  );
  r.put(
    '/api/admin/wecom-seminar/counsellors/:id',
    { schema: { tags: admin, summary: '修改顾问与其分配规则（写入审计日志）', params: idParamsSchema, body: counsellorInputSchema, response: { 200: envelopeOf(counsellorSchema) } } },
    async (req) => ok(await updateCounsellor(ctx, authOf(req), req.params.id, req.body), WECOM_SEMINAR_MSG.SAVED),
  );
  r.get('/api/admin/wecom-seminar/seminars', { schema: { tags: admin, summary: '说明会列表（含报名与已添加人数）', response: { 200: envelopeOf(adminSeminarListSchema) } } }, async () => ok(await getAdminSeminars(ctx)));
  r.post(
    '/api/admin/wecom-seminar/seminars',
    { schema: { tags: admin, summary: '新增说明会（写入审计日志）', body: seminarInputSchema, response: { 200: envelopeOf(adminSeminarSchema) } } },
    async (req) => ok(await createSeminar(ctx, authOf(req), req.body), WECOM_SEMINAR_MSG.SAVED),
  );
  r.put(
    '/api/admin/wecom-seminar/seminars/:id',
    { schema: { tags: admin, summary: '修改说明会（写入审计日志）', params: idParamsSchema, body: seminarInputSchema, response: { 200: envelopeOf(adminSeminarSchema) } } },
    async (req) => ok(await updateSeminar(ctx, authOf(req), req.params.id, req.body), WECOM_SEMINAR_MSG.SAVED),
  );
  r.get(
    '/api/admin/wecom-seminar/signups',
    { schema: { tags: admin, summary: '说明会报名与顾问添加情况（按说明会、顾问、状态、关键词筛选，分页）', querystring: seminarSignupQuerySchema, response: { 200: envelopeOf(adminSeminarSignupPageSchema) } } },
    async (req) => ok(await getSignups(ctx, req.query)),
  );
  r.get(
    '/api/admin/wecom-seminar/signups/export',
    { schema: { tags: admin, summary: '导出说明会报名与顾问添加情况（.xlsx，按当前筛选）', querystring: seminarSignupQuerySchema } },
    async (req, reply) => {
      const { fileName, stream } = exportSignups(ctx, req.query);
      return sendSheet(req, reply, 'wecom-seminar.xlsx', fileName, stream);
    },
  );
}
