import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminReceiptParamsSchema, adminStudentReceiptsParamsSchema, payForParamsSchema, paymentOrderParamsSchema, receiptListSchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { adminReceipt, listReceiptsOfStudent, listStudentReceipts, parentReceipt, studentReceipt, type ReceiptFile } from './receipts.service.ts';

function sendPdf(reply: FastifyReply, file: ReceiptFile) {
  const fileName = encodeURIComponent(`收据-${file.receiptNo}.pdf`);
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="receipt-${file.receiptNo}.pdf"; filename*=UTF-8''${fileName}`)
    .send(Buffer.from(file.pdf));
}

/** Receipts (decision 073). */
export async function receiptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment'];

  r.get(
    '/api/student/payment/receipts',
    { schema: { tags, summary: '本人已支付订单的收据列表', response: { 200: envelopeOf(receiptListSchema) } } },
    async (req) => ok(await listStudentReceipts(app.ctx, authOf(req))),
  );
  r.get(
    '/api/student/payment/:id/receipt',
    { schema: { tags, summary: '收据 PDF（仅本人已支付的订单）', params: paymentOrderParamsSchema } },
    async (req, reply) => sendPdf(reply, await studentReceipt(app.ctx, authOf(req), req.params.id)),
  );
  r.get(
    '/api/guest/payment/pay-for/:token/receipt',
    { config: { auth: 'public' }, schema: { tags, summary: '家长代付：支付完成后下载收据 PDF', params: payForParamsSchema } },
    async (req, reply) => sendPdf(reply, await parentReceipt(app.ctx, req.params.token)),
  );
  r.get(
    '/api/admin/orders/:orderNo/receipt',
    { schema: { tags: ['admin'], summary: '任一已支付订单的收据 PDF', params: adminReceiptParamsSchema } },
    async (req, reply) => sendPdf(reply, await adminReceipt(app.ctx, req.params.orderNo)),
  );
  r.get(
    '/api/admin/students/:userId/receipts',
    { schema: { tags: ['admin'], summary: '某学生已支付订单的收据列表', params: adminStudentReceiptsParamsSchema, response: { 200: envelopeOf(receiptListSchema) } } },
    async (req) => ok(await listReceiptsOfStudent(app.ctx, req.params.userId)),
  );
}
