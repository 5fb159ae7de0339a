import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGE_MSG,
  adminMessageListSchema,
  adminMessageSchema,
  idParamsSchema,
  messageInputSchema,
  recipientCountRequestSchema,
  recipientCountSchema,
  segmentInputSchema,
  segmentListSchema,
  segmentSchema,
  studentMessageListSchema,
  studentMessageSchema,
  unreadCountSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { sendSheet } from '../../http/xlsx-stream.ts';
import {
  countRecipients,
  createMessage,
  createSegment,
  deleteMessage,
  exportMessages,
  getMessages,
  getSegments,
  getStudentMessages,
  getUnreadCount,
  readAllStudentMessages,
  readStudentMessage,
  removeSegment,
  updateMessage,
} from './messages.service.ts';

/** Admin messages and the student's 消息 (decision 061). The auth hook limits /api/admin/ to admins. */
export async function messagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['admin'];

  r.get('/api/admin/messages', { schema: { tags, summary: '消息列表（最新在前；含收件人数、送达数、已读数、短信数）', response: { 200: envelopeOf(adminMessageListSchema) } } }, async () =>
    ok(await getMessages(ctx)),
  );
  r.get('/api/admin/messages/export', { schema: { tags, summary: '导出消息列表（.xlsx；含收件人数、送达数、已读数）' } }, async (req, reply) => {
    const { fileName, stream } = exportMessages(ctx);
    return sendSheet(req, reply, 'messages.xlsx', fileName, stream);
  });
  r.post(
    '/api/admin/messages',
    {
      schema: {
        tags,
        summary: '发送消息给一个分组：send_at 为空立即发送，否则预约发送（写入审计日志）',
        body: messageInputSchema,
        response: { 200: envelopeOf(adminMessageSchema) },
      },
    },
    async (req) => {
      const m = await createMessage(ctx, authOf(req), req.body, req.log);
      return ok(m, m.status === 'sent' ? MESSAGE_MSG.SENT : MESSAGE_MSG.SCHEDULED);
    },
  );
  r.put(
    '/api/admin/messages/:id',
    {
      schema: { tags, summary: '修改预约中的消息（已发送的不能修改；写入审计日志）', params: idParamsSchema, body: messageInputSchema, response: { 200: envelopeOf(adminMessageSchema) } },
    },
    async (req) => {
      const m = await updateMessage(ctx, authOf(req), req.params.id, req.body, req.log);
      return ok(m, m.status === 'sent' ? MESSAGE_MSG.SENT : MESSAGE_MSG.SAVED);
    },
  );
  r.delete(
    '/api/admin/messages/:id',
    { schema: { tags, summary: '删除预约中的消息（已发送的不能删除；写入审计日志）', params: idParamsSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await deleteMessage(ctx, authOf(req), req.params.id);
      return { status: 200 as const, msg: MESSAGE_MSG.DELETED };
    },
  );
  r.post(
    '/api/admin/messages/recipient-count',
    { schema: { tags, summary: '预览分组的收件人数', body: recipientCountRequestSchema, response: { 200: envelopeOf(recipientCountSchema) } } },
    async (req) => ok({ count: await countRecipients(ctx, req.body.filter) }),
  );
  r.get('/api/admin/message-segments', { schema: { tags, summary: '已保存的分组', response: { 200: envelopeOf(segmentListSchema) } } }, async () => ok(await getSegments(ctx)));
  r.post(
    '/api/admin/message-segments',
    { schema: { tags, summary: '保存分组（名称唯一；写入审计日志）', body: segmentInputSchema, response: { 200: envelopeOf(segmentSchema) } } },
    async (req) => ok(await createSegment(ctx, authOf(req), req.body), MESSAGE_MSG.SAVED),
  );
  r.delete(
    '/api/admin/message-segments/:id',
    { schema: { tags, summary: '删除分组（已发送的消息保留分组名称；写入审计日志）', params: idParamsSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await removeSegment(ctx, authOf(req), req.params.id);
      return { status: 200 as const, msg: MESSAGE_MSG.DELETED };
    },
  );

  const student = ['student'];
  r.get('/api/student/messages', { schema: { tags: student, summary: '我的消息（最新在前）与未读数（仅本人）', response: { 200: envelopeOf(studentMessageListSchema) } } }, async (req) =>
    ok(await getStudentMessages(ctx, authOf(req))),
  );
  r.get('/api/student/messages/unread-count', { schema: { tags: student, summary: '未读消息数（顶栏角标）', response: { 200: envelopeOf(unreadCountSchema) } } }, async (req) =>
    ok(await getUnreadCount(ctx, authOf(req))),
  );
  r.post(
    '/api/student/messages/:id/read',
    { schema: { tags: student, summary: '标记一条消息已读（仅本人的消息；保留首次阅读时间）', params: idParamsSchema, response: { 200: envelopeOf(studentMessageSchema) } } },
    async (req) => ok(await readStudentMessage(ctx, authOf(req), req.params.id)),
  );
  r.post('/api/student/messages/read-all', { schema: { tags: student, summary: '全部标为已读', response: { 200: envelopeOf(unreadCountSchema) } } }, async (req) =>
    ok(await readAllStudentMessages(ctx, authOf(req))),
  );
}
