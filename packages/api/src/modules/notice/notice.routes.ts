import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOTICE_MSG, onlineNoticeStateSchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { confirmOfflineToOnline, getOnlineNotice, markOnlineNoticeRead } from './notice.service.ts';

/** The online notice's read flag and the offline-to-online answer (docs/product/states.md, decision 017). Student only. */
export async function noticeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['student'];
  const response = { 200: envelopeOf(onlineNoticeStateSchema) };

  r.get(
    '/api/student/online-notice',
    { schema: { tags, summary: '线上举办通知：是否已读、线下转线上的确认（仅本人）', response } },
    async (req) => ok(await getOnlineNotice(ctx, authOf(req))),
  );
  r.post(
    '/api/student/online-read',
    { schema: { tags, summary: '确认已知晓线上举办通知（可重复调用，保留首次时间）', response } },
    async (req) => ok(await markOnlineNoticeRead(ctx, authOf(req)), NOTICE_MSG.ONLINE_READ_OK),
  );
  r.post(
    '/api/student/offline-to-online',
    { schema: { tags, summary: '已缴学费的同学确认改为线上参加（可重复调用；写入审计日志）', response } },
    async (req) => ok(await confirmOfflineToOnline(ctx, authOf(req)), NOTICE_MSG.OFFLINE_TO_ONLINE_OK),
  );
}
