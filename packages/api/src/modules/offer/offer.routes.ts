import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bursaryApplyRequestSchema, bursarySchema, offerLetterSchema, offerVerificationSchema, offerVerifyParamsSchema, studentFeesSchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { findFontFile, renderOfferLetterPdf } from './offer-letter-pdf.ts';
import { getStoredProgrammeFacts } from '../settings/programme.service.ts';
import { applyForBursary, getBursary, getOfferLetter, getStudentFees, verifyOfferLetter } from './offer.service.ts';

export async function offerRoutes(app: FastifyInstance) {
  // A deployment without the letter's font fails at start-up, not on a student's first download.
  findFontFile();
  const r = app.withTypeProvider<ZodTypeProvider>();
  const origin = (req: FastifyRequest) => app.ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
  const tags = ['offer'];

  r.post(
    '/api/student/offer-letter',
    { schema: { tags, summary: '录取通知书（仅已发布的录取）', response: { 200: envelopeOf(offerLetterSchema) } } },
    async (req) => ok(await getOfferLetter(app.ctx, authOf(req), origin(req))),
  );
  r.get(
    '/api/student/offer-letter/pdf',
    { schema: { tags, summary: '录取通知书 PDF（A4，含验证二维码）' } },
    async (req, reply) => {
      const letter = await getOfferLetter(app.ctx, authOf(req), origin(req));
      const pdf = await renderOfferLetterPdf(letter, await getStoredProgrammeFacts(app.ctx));
      const fileName = encodeURIComponent(`录取通知书-${letter.letter_no}.pdf`);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="offer-letter-${letter.letter_no}.pdf"; filename*=UTF-8''${fileName}`)
        .send(Buffer.from(pdf));
    },
  );
  r.get(
    '/api/student/fees',
    { schema: { tags, summary: '本人应缴的申请费与学费（学费已扣除助学金）', response: { 200: envelopeOf(studentFeesSchema) } } },
    async (req) => ok(await getStudentFees(app.ctx, authOf(req))),
  );
  r.get(
    '/api/guest/offer-letter/verify/:code',
    { config: { auth: 'public' }, schema: { tags, summary: '录取通知书真伪验证（公开）', params: offerVerifyParamsSchema, response: { 200: envelopeOf(offerVerificationSchema) } } },
    async (req) => ok(await verifyOfferLetter(app.ctx, req.params.code)),
  );

  r.post(
    '/api/student/bursary-apply',
    { schema: { tags, summary: '申请助学金（审核前可修改）', body: bursaryApplyRequestSchema, response: { 200: envelopeOf(bursarySchema) } } },
    async (req) => ok(await applyForBursary(app.ctx, authOf(req), req.body)),
  );
  r.get(
    '/api/student/bursary',
    { schema: { tags, summary: '我的助学金申请（没有时为 null）', response: { 200: envelopeOf(bursarySchema.nullable()) } } },
    async (req) => ok(await getBursary(app.ctx, authOf(req))),
  );
}
