import { sql } from 'drizzle-orm';
import { ID, type Fixture, type FixtureCtx } from './double-submit.kit.ts';
import { PNG_BYTES, multipartBody } from '../modules/storage/storage-test-kit.ts';

/** The demo's talent show (seed/demo-talent-show.ts) and its one approved entry, 王可欣's. */
const show = (ctx: FixtureCtx) => ctx.one<number>(sql`select id from activities where kind = 'talent-show' order by id limit 1`);
const kexinEntry = (ctx: FixtureCtx) => ctx.one<number>(sql`select id from talent_entries where student_id = ${ID.paidBeijing} order by id limit 1`);

/** A picture 孙浩然 uploads the way the browser does (credential, then the signed POST), for his entry. */
async function uploadedPng(ctx: FixtureCtx): Promise<{ name: string; url: string }> {
  const token = await ctx.token('paid');
  const cred = await ctx.app.inject({
    method: 'POST',
    url: '/api/oss/credential',
    headers: { authorization: `Bearer ${token}` },
    payload: { file_name: 'dance.png', type: 'image/png', file_size: PNG_BYTES.length },
  });
  const data = (cred.json() as { data: { fields: Record<string, string>; file: { name: string; url: string } } }).data;
  const body = multipartBody(data.fields, { name: 'dance.png', type: 'image/png', bytes: PNG_BYTES });
  await ctx.app.inject({ method: 'POST', url: '/api/oss/upload', headers: { 'content-type': body.contentType }, payload: body.payload });
  return data.file;
}

/** The talent-show write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */
export const TALENT_SHOW_FIXTURES: Record<string, Fixture> = {
  // One entry per student per show: the upsert on (show, student) keeps one row and one set of pictures.
  'POST /api/student/talent-show/entries': {
    as: 'paid',
    prepare: async (ctx) => ({
      body: {
        activity_id: await show(ctx),
        title: '街舞《少年》',
        kind: 'dance',
        description: '和学院的同学一起编排',
        media: [await uploadedPng(ctx)],
        consent: { guardian_name: '孙立', guardian_relation: 'father', agreed: true },
      },
    }),
  },
  // One like per student per entry: the like row's key decides, the counter moves only with a new row.
  'POST /api/student/talent-show/entries/:id/like': { as: 'paid', prepare: async (ctx) => ({ url: `/api/student/talent-show/entries/${await kexinEntry(ctx)}/like` }) },
  'DELETE /api/student/talent-show/entries/:id/like': { as: 'paid', prepare: async (ctx) => ({ url: `/api/student/talent-show/entries/${await kexinEntry(ctx)}/like` }) },
  // A review sets the state; a repeated one changes nothing and writes no second audit row.
  'PUT /api/teacher/talent-show/entries/:id/review': { as: 'staff', body: { status: 'approved', note: '画面清晰' }, prepare: async (ctx) => ({ url: `/api/teacher/talent-show/entries/${await kexinEntry(ctx)}/review` }) },
  // One sheet per judge per entry (unique), replaced whole.
  'PUT /api/teacher/talent-show/entries/:id/sheet': {
    as: 'teacher',
    prepare: async (ctx) => {
      const ids = await ctx.one<number[]>(sql`select array_agg(id order by position) from talent_criteria where activity_id = ${await show(ctx)}`);
      return { url: `/api/teacher/talent-show/entries/${await kexinEntry(ctx)}/sheet`, body: { scores: ids.map((criterion_id) => ({ criterion_id, score: 8 })), comment: '很有感染力' } };
    },
  },
  // The show's settings are keyed by the activity; criteria repeated unchanged (they are locked once scored).
  'PUT /api/teacher/talent-show/rules': {
    as: 'admin',
    prepare: async (ctx) => ({
      body: {
        activity_id: await show(ctx),
        rules_text: '作品须为本人原创或本人表演。',
        criteria: [
          { name: '技巧', description: '基本功与完成度', weight: 40 },
          { name: '创意', description: '构思与个人风格', weight: 30 },
          { name: '表现力', description: '感染力与舞台呈现', weight: 30 },
        ],
        judge_ids: [ID.teacher, ID.tf],
        results_at: new Date(ctx.now().getTime() + 20 * 86_400_000).toISOString(),
        finalist_count: 3,
        published: true,
      },
    }),
  },
  // Withdrawing deletes the one entry; the repeats find nothing left (404) and change nothing.
  'DELETE /api/student/talent-show/entries/:id': {
    as: 'paid',
    prepare: async (ctx) => ({ url: `/api/student/talent-show/entries/${await ctx.one<number>(sql`select id from talent_entries where student_id = ${ID.paid} order by id limit 1`)}` }),
  },
};
