import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHECKLIST_MSG,
  MSG,
  checklistItemIdParamsSchema,
  checklistItemListSchema,
  checklistItemRequestSchema,
  checklistItemSchema,
  checklistMessageRequestSchema,
  checklistMessageResultSchema,
  checklistPreferenceRequestSchema,
  checklistProgressQuerySchema,
  checklistProgressSchema,
  checklistUploadRequestSchema,
  checklistWaiveRequestSchema,
  studentChecklistSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { contentDispositionFor } from '../../providers/storage/storage-provider.ts';
import {
  confirmChecklistItem,
  createChecklistItem,
  deleteChecklistItem,
  exportChecklist,
  getChecklistProgress,
  getStudentChecklist,
  listChecklistItems,
  messageStudents,
  setChecklistPreference,
  uploadChecklistFile,
  updateChecklistItem,
  waiveChecklistItem,
} from './checklist.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The admitted student's checklist and the admin's 入学清单 (decision 046). */
export async function checklistRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const student = ['student'];
  const admin = ['admin'];

  r.get(
    '/api/student/checklist',
    { schema: { tags: student, summary: '入学清单（需已录取并缴纳学费）', response: { 200: envelopeOf(studentChecklistSchema) } } },
    async (req) => ok(await getStudentChecklist(ctx, authOf(req))),
  );
  r.post(
    '/api/student/checklist/:id/confirm',
    { schema: { tags: student, summary: '我已阅读／我已确认（仅 confirm: 类事项）', params: checklistItemIdParamsSchema, response: { 200: envelopeOf(studentChecklistSchema) } } },
    async (req) => ok(await confirmChecklistItem(ctx, authOf(req), req.params.id), CHECKLIST_MSG.CONFIRMED),
  );
  r.post(
    '/api/student/checklist/:id/upload',
    {
      schema: {
        tags: student,
        summary: '上传材料（仅 upload: 类事项；文件须为本人已上传的文件）',
        params: checklistItemIdParamsSchema,
        body: checklistUploadRequestSchema,
        response: { 200: envelopeOf(studentChecklistSchema) },
      },
    },
    async (req) => ok(await uploadChecklistFile(ctx, authOf(req), req.params.id, req.body.file), CHECKLIST_MSG.UPLOADED),
  );
  r.put(
    '/api/student/checklist/preferences',
    { schema: { tags: student, summary: '截止提醒是否同时发送短信', body: checklistPreferenceRequestSchema, response: { 200: envelopeOf(studentChecklistSchema) } } },
    async (req) => ok(await setChecklistPreference(ctx, authOf(req), req.body.sms_reminders), MSG.SAVE_OK),
  );

  r.get(
    '/api/admin/checklist/items',
    { schema: { tags: admin, summary: '入学清单事项', response: { 200: envelopeOf(checklistItemListSchema) } } },
    async () => ok(await listChecklistItems(ctx)),
  );
  r.post(
    '/api/admin/checklist/items',
    { schema: { tags: admin, summary: '新增入学清单事项（审计）', body: checklistItemRequestSchema, response: { 200: envelopeOf(checklistItemSchema) } } },
    async (req) => ok(await createChecklistItem(ctx, authOf(req), req.body), CHECKLIST_MSG.SAVED),
  );
  r.put(
    '/api/admin/checklist/items/:id',
    { schema: { tags: admin, summary: '修改入学清单事项（审计）', params: checklistItemIdParamsSchema, body: checklistItemRequestSchema, response: { 200: envelopeOf(checklistItemSchema) } } },
    async (req) => ok(await updateChecklistItem(ctx, authOf(req), req.params.id, req.body), CHECKLIST_MSG.SAVED),
  );
  r.delete(
    '/api/admin/checklist/items/:id',
    { schema: { tags: admin, summary: '删除入学清单事项（审计）', params: checklistItemIdParamsSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await deleteChecklistItem(ctx, authOf(req), req.params.id);
      return ok(undefined, CHECKLIST_MSG.DELETED);
    },
  );
  r.get(
    '/api/admin/checklist/progress',
    { schema: { tags: admin, summary: '完成情况：按事项与按学生（behind=1 仅逾期者，item_id 仅该项未完成者，q 姓名或手机）', querystring: checklistProgressQuerySchema, response: { 200: envelopeOf(checklistProgressSchema) } } },
    async (req) => ok(await getChecklistProgress(ctx, req.query)),
  );
  r.get('/api/admin/checklist/export', { schema: { tags: admin, summary: '导出入学清单完成情况（.xlsx，同上筛选）', querystring: checklistProgressQuerySchema } }, async (req, reply) => {
    const stamp = new Date(ctx.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace(/[-:T]/g, '');
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDispositionFor(`入学清单-${stamp}.xlsx`))
      .header('cache-control', 'private, no-store')
      .send(await exportChecklist(ctx, req.query));
  });
  r.post(
    '/api/admin/checklist/waive',
    { schema: { tags: admin, summary: '为某学生豁免或取消豁免某事项（审计）', body: checklistWaiveRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await waiveChecklistItem(ctx, authOf(req), req.body);
      return ok(undefined, req.body.waived ? CHECKLIST_MSG.WAIVED : CHECKLIST_MSG.UNWAIVED);
    },
  );
  r.post(
    '/api/admin/checklist/message',
    { schema: { tags: admin, summary: '向所选学生发送站内通知', body: checklistMessageRequestSchema, response: { 200: envelopeOf(checklistMessageResultSchema) } } },
    async (req) => ok(await messageStudents(ctx, authOf(req), req.body), CHECKLIST_MSG.MESSAGE_SENT),
  );
}
