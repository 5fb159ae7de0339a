import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { MSG, type Bursary, type OfferLetter, type OfferVerification, type PaymentOrder } from '@summit/domain';
import { admissionDecisions, financialAidRequests } from '../../db/schema-admission.ts';
import { studentProfiles } from '../../db/schema.ts';
import { uploadPdf } from '../storage/storage-test-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { payingStudent, pressSandbox } from '../payments/payment-test-kit.ts';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drawableText, findFontFile, MISSING_GLYPH, OFFER_FONT_FILE } from './offer-letter-pdf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CODE = (c: string) => c.repeat(43).slice(0, 43);

/** A student with a decision row in the given state (as the admin module writes it). */
async function studentWithDecision(state: 'none' | 'draft' | 'released' | 'withdrawn' | 'reject', opts: { name?: string; code?: string; letterNo?: string | null } = {}) {
  const offer = state === 'released' ? 1 : state === 'none' ? null : 0;
  const s = await payingStudent(t, { offer, ...(opts.name ? { name: opts.name } : {}) });
  if (state !== 'none') {
    const releasedAt = state === 'released' ? new Date('2027-03-01T02:00:00Z') : null;
    await t.db.insert(admissionDecisions).values({
      accountId: s.accountId,
      decision: state === 'reject' ? 'reject' : 'offer',
      placeName: '第二期',
      professionalTrack: '理工科学',
      releasedAt,
      verifyCode: state === 'draft' ? null : (opts.code ?? CODE(String(s.accountId % 10))),
      letterNo: opts.letterNo === undefined ? `SUMMIT-2027-${String(s.accountId).padStart(6, '0')}` : opts.letterNo,
    });
    if (state === 'released') await t.db.update(studentProfiles).set({ placeName: '第二期', professionalTrack: '理工科学' }).where(eq(studentProfiles.accountId, s.accountId));
  }
  return s;
}

const letter = (token: string) => call<OfferLetter>(t.app, 'POST', '/api/student/offer-letter', { token });
const verify = (code: string) => call<OfferVerification>(t.app, 'GET', `/api/guest/offer-letter/verify/${encodeURIComponent(code)}`);

describe('POST /api/student/offer-letter', () => {
  it('answers 403-10 without a released offer: no decision, a draft, a withdrawn offer, a rejection', async () => {
    for (const state of ['none', 'draft', 'withdrawn', 'reject'] as const) {
      const s = await studentWithDecision(state);
      const res = await letter(s.token);
      expect(res.body.status, state).toBe('403-10');
      expect(res.http, state).toBe(403);
    }
  });

  it('a released offer: name, programme, place, track, tuition, verification URL', async () => {
    const s = await studentWithDecision('released', { name: '李华明', code: CODE('a') });
    const res = await letter(s.token);
    expect(res.body).toMatchObject({
      status: 200,
      data: {
        letter_no: `SUMMIT-2027-${String(s.accountId).padStart(6, '0')}`,
        student_name: '李华明',
        programme: 'Summit 高中生夏季学术项目',
        place_name: '第二期',
        professional_track: '理工科学',
        issued_at: '2027-03-01T02:00:00.000Z',
        pay_by: '2027-03-15T02:00:00.000Z',
        tuition_fen: 1_680_000,
        fee_fen: 1_680_000,
        aid_fen: 0,
        currency: 'CNY',
        tuition_paid: false,
        tuition_paid_at: null,
      },
    });
    expect(res.body.data!.verify_url).toMatch(new RegExp(`^https?://[^/]+/offer/verify/${CODE('a')}$`));
  });

  it('fills a missing letter number and verification code once, and keeps them', async () => {
    const s = await studentWithDecision('released', { letterNo: null });
    await t.db.update(admissionDecisions).set({ verifyCode: null }).where(eq(admissionDecisions.accountId, s.accountId));
    const first = (await letter(s.token)).body.data!;
    expect(first.letter_no).toMatch(/^SUMMIT-2027-\d{6}$/);
    const code = first.verify_url.split('/').pop()!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await letter(s.token)).body.data!.verify_url).toBe(first.verify_url);
    expect((await verify(code)).body.status).toBe(200);
  });

  it('granted aid lowers tuition_fen, and the tuition order charges the same', async () => {
    const s = await studentWithDecision('released');
    await t.db.insert(financialAidRequests).values({ accountId: s.accountId, value: {}, status: 'granted', grantedFen: 500_000 });
    const data = (await letter(s.token)).body.data!;
    expect(data).toMatchObject({ tuition_fen: 1_180_000, fee_fen: 1_680_000, aid_fen: 500_000 });
    expect((await call(t.app, 'GET', '/api/student/fees', { token: s.token })).body.data).toEqual({ apply_fen: 50_000, tuition_fen: 1_180_000, aid_fen: 500_000, currency: 'CNY' });
    const order = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'WX', channel: 'wechat_scan' } });
    expect(order.body.data?.amount_fen).toBe(data.tuition_fen);
    await pressSandbox(t.app, order.body.data!.id, 'confirm');
    const paid = (await letter(s.token)).body.data!;
    expect(paid.tuition_paid).toBe(true);
    expect(paid.tuition_paid_at).not.toBeNull();
  });

  it('is for students only', async () => {
    expect((await call(t.app, 'POST', '/api/student/offer-letter')).http).toBe(401);
  });
});

describe('GET /api/student/offer-letter/pdf', () => {
  it('an A4 PDF with the Chinese font embedded (subset)', async () => {
    const s = await studentWithDecision('released', { name: '王小红' });
    const res = await t.app.inject({ method: 'GET', url: '/api/student/offer-letter/pdf', headers: { authorization: `Bearer ${s.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Subset on embedding: far smaller than the 3.8 MB font file.
    expect(bytes.length).toBeLessThan(200_000);
    const doc = await PDFDocument.load(bytes);
    const dicts = doc.context.enumerateIndirectObjects().map(([, obj]) => obj).filter((obj): obj is PDFDict => obj instanceof PDFDict);
    const baseFonts = dicts.map((d) => d.get(PDFName.of('BaseFont'))).filter((n) => n instanceof PDFName).map((n) => n.decodeText());
    expect(baseFonts.some((n) => /^NotoSansCJKsc-Regular-\d+$/.test(n))).toBe(true);
    const descriptor = dicts.find((d) => d.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'));
    const fontFile = descriptor?.get(PDFName.of('FontFile2'));
    expect(fontFile, 'the font program is embedded').toBeInstanceOf(PDFRef);
    // Every glyph of the embedded subset has an outline (a badly padded font loses glyphs when subset).
    const program = doc.context.lookup(fontFile as PDFRef);
    expect(program).toBeInstanceOf(PDFRawStream);
    const subset = fontkit.create(Buffer.from(inflateSync((program as PDFRawStream).contents)));
    // fontkit's typings omit Path#commands.
    const inked = (gid: number) => (subset.getGlyph(gid).path as unknown as { commands: unknown[] }).commands.length > 0;
    const drawn = Array.from({ length: subset.numGlyphs }, (_, gid) => gid).filter(inked);
    expect(subset.numGlyphs).toBeGreaterThan(80);
    // .notdef and the space are the only glyphs without ink.
    expect(subset.numGlyphs - drawn.length).toBeLessThanOrEqual(2);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
  });

  it('a name with a character outside the font still gives a PDF (drawn as □)', async () => {
    const s = await studentWithDecision('released', { name: '𠮷野家' });
    const res = await t.app.inject({ method: 'GET', url: '/api/student/offer-letter/pdf', headers: { authorization: `Bearer ${s.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(drawableText('𠮷野家', new Set(['野', '家'].map((c) => c.codePointAt(0)!)))).toEqual({ text: `${MISSING_GLYPH}野家`, replaced: true });
  });

  it('403-10 as JSON without a released offer', async () => {
    const s = await studentWithDecision('draft');
    const res = await call(t.app, 'GET', '/api/student/offer-letter/pdf', { token: s.token });
    expect(res.body.status).toBe('403-10');
  });

  it('the font is found where the source and the built bundle look', () => {
    expect(findFontFile()).toMatch(/packages\/api\/assets\/fonts\/NotoSansSC-Regular-subset\.ttf$/);
    // A built bundle carries its own copy (scripts/build.mjs), so a dist/ copied elsewhere still finds it.
    const bundle = mkdtempSync(path.join(os.tmpdir(), 'summit-dist-'));
    try {
      mkdirSync(path.join(bundle, 'assets', 'fonts'), { recursive: true });
      copyFileSync(findFontFile(), path.join(bundle, 'assets', 'fonts', OFFER_FONT_FILE));
      expect(findFontFile(bundle)).toBe(path.join(bundle, 'assets', 'fonts', OFFER_FONT_FILE));
      expect(() => findFontFile(path.join(bundle, 'assets'))).toThrow(/font not found/);
    } finally {
      rmSync(bundle, { recursive: true, force: true });
    }
  });
});

describe('GET /api/guest/offer-letter/verify/:code', () => {
  it('a released letter is genuine, with the name masked', async () => {
    const s = await studentWithDecision('released', { name: '张小明', code: CODE('g') });
    const res = await verify(CODE('g'));
    expect(res.body).toEqual({
      status: 200,
      msg: 'ok',
      data: {
        genuine: true,
        letter_no: `SUMMIT-2027-${String(s.accountId).padStart(6, '0')}`,
        student_name: '张*明',
        programme: 'Summit 高中生夏季学术项目',
        place_name: '第二期',
        professional_track: '理工科学',
        issued_at: '2027-03-01T02:00:00.000Z',
      },
    });
  });

  it('withdrawn, unknown and malformed codes: 4001 此录取通知书无效或已撤回, never a 500', async () => {
    await studentWithDecision('withdrawn', { code: CODE('w') });
    for (const code of [CODE('w'), CODE('u'), 'short', "x' or 1=1 --", '%00', 'é'.repeat(50)]) {
      const res = await verify(code);
      expect(res.body, code).toMatchObject({ status: 4001, msg: MSG.OFFER_LETTER_INVALID });
    }
    expect((await verify('x'.repeat(300))).http).toBeLessThan(500);
  });

  it('a letter withdrawn after release stops verifying', async () => {
    const s = await studentWithDecision('released', { code: CODE('r') });
    expect((await verify(CODE('r'))).body.status).toBe(200);
    await t.db.update(studentProfiles).set({ offerLetter: 0 }).where(eq(studentProfiles.accountId, s.accountId));
    await t.db.update(admissionDecisions).set({ releasedAt: null }).where(eq(admissionDecisions.accountId, s.accountId));
    expect((await verify(CODE('r'))).body).toMatchObject({ status: 4001, msg: MSG.OFFER_LETTER_INVALID });
    expect((await letter(s.token)).body.status).toBe('403-10');
  });
});

const reason = '我家有四口人，父母务农，收入主要依靠种植，另有一个弟弟正在读初中。我非常希望参加夏季学术项目，拓宽视野，学习更多知识，但学费对家庭负担较重，恳请给予资助。';
const aidBody = { family_members: 4, annual_income: '<5万', reason };
const applyAid = (token: string, body: unknown) => call<Bursary>(t.app, 'POST', '/api/student/bursary-apply', { token, body });
const myAid = (token: string) => call<Bursary | null>(t.app, 'GET', '/api/student/bursary', { token });

describe('financial aid', () => {
  it('null before a request; a pending request after; answers can change while pending', async () => {
    const s = await payingStudent(t);
    expect((await myAid(s.token)).body).toMatchObject({ status: 200, data: null });
    const first = await applyAid(s.token, aidBody);
    expect(first.body).toMatchObject({ status: 200, data: { status: 'pending', granted_fen: 0, value: { ...aidBody, attachment: null }, decided_at: null } });
    const attachment = await uploadPdf(t.app, s.token, '收入证明.pdf');
    const second = await applyAid(s.token, { ...aidBody, family_members: 5, attachment });
    expect(second.body.data).toMatchObject({ status: 'pending', value: { family_members: 5, attachment } });
    expect((await myAid(s.token)).body.data).toEqual(second.body.data);
    expect(await t.db.select().from(financialAidRequests).where(eq(financialAidRequests.accountId, s.accountId))).toHaveLength(1);
  });

  it('refuses another student\'s file, bad fields, and before step 1 / with an incomplete profile', async () => {
    const s = await payingStudent(t);
    const foreign = { name: 'x.pdf', url: `/api/oss/file/student/${s.accountId + 1000}/abc/x.pdf` };
    expect((await applyAid(s.token, { ...aidBody, attachment: foreign })).body).toMatchObject({ status: 4003, msg: MSG.AID_ATTACHMENT_INVALID, data: { field: 'attachment' } });
    const neverUploaded = { name: 'x.pdf', url: `/api/oss/file/student/${s.accountId}/abc/x.pdf` };
    expect((await applyAid(s.token, { ...aidBody, attachment: neverUploaded })).body).toMatchObject({ status: 4003, msg: MSG.AID_ATTACHMENT_INVALID });
    expect((await applyAid(s.token, { ...aidBody, reason: '太短了' })).body).toMatchObject({ status: 4003, msg: MSG.AID_REASON_TOO_SHORT, data: { field: 'reason' } });
    expect((await applyAid(s.token, { ...aidBody, annual_income: 'lots' })).body).toMatchObject({ status: 4003, data: { field: 'annual_income' } });
    const early = await payingStudent(t, { step1Submitted: false });
    expect((await applyAid(early.token, aidBody)).body).toMatchObject({ status: '403-40', msg: MSG.APPLY_INCOMPLETE });
    const incomplete = await payingStudent(t, { infoComplete: false });
    expect((await applyAid(incomplete.token, aidBody)).body.status).toBe('403-60');
    expect(await t.db.select().from(financialAidRequests).where(eq(financialAidRequests.accountId, early.accountId))).toHaveLength(0);
  });

  it('refuses once decided or once tuition is paid', async () => {
    const s = await payingStudent(t);
    await applyAid(s.token, aidBody);
    await t.db.update(financialAidRequests).set({ status: 'granted', grantedFen: 300_000, decidedAt: new Date() }).where(eq(financialAidRequests.accountId, s.accountId));
    expect((await applyAid(s.token, { ...aidBody, family_members: 9 })).body).toMatchObject({ status: 4001, msg: MSG.AID_ALREADY_DECIDED });
    expect((await myAid(s.token)).body.data).toMatchObject({ status: 'granted', granted_fen: 300_000, value: { family_members: 4 } });

    const paid = await payingStudent(t, { offer: 1 });
    await t.db.update(studentProfiles).set({ tuitionPaidAt: new Date() }).where(eq(studentProfiles.accountId, paid.accountId));
    expect((await applyAid(paid.token, aidBody)).body).toMatchObject({ status: 4001, msg: MSG.AID_AFTER_TUITION_PAID });
  });

  it('a declined request shows no granted amount', async () => {
    const s = await payingStudent(t);
    await applyAid(s.token, aidBody);
    await t.db.update(financialAidRequests).set({ status: 'declined', grantedFen: 100, decidedAt: new Date() }).where(eq(financialAidRequests.accountId, s.accountId));
    expect((await myAid(s.token)).body.data).toMatchObject({ status: 'declined', granted_fen: 0 });
  });
});
