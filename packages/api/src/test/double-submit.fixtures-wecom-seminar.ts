import { sql } from 'drizzle-orm';
import { SEMINAR_KEY_HEADER } from '@summit/domain';
import { inDays, type Fixture, type FixtureCtx } from './double-submit.kit.ts';

/** Fixed secrets of the fixtures' sign-ups (43 base64url characters, as a browser makes them). */
const KEY_A = 'dsWecomSeminarKeyA0123456789abcdefghijklmno';
const KEY_B = 'dsWecomSeminarKeyB0123456789abcdefghijklmno';
const COUNSELLOR = { name: '双击测试顾问', wecom_userid: 'ds-counsellor', intro: '', capacity: 50, active: true, province_ids: [], school_ids: [] };
const SEMINAR = { title: '双击测试说明会', description: '', location: '线上', starts_at: inDays(10), open: true };

const seminarId = (ctx: FixtureCtx) => ctx.one<number>(sql`select id from wecom_seminars order by id limit 1`);
const signupBody = async (ctx: FixtureCtx, phone: string, key: string) => ({ seminar_id: await seminarId(ctx), role: 'parent', name: '双击家长', phone, grade: '高二', state_id: 440000, school_name: '双击测试中学', key });

/** A sign-up with its counsellor (and, with `contact`, its contact-me code), made once per database. */
async function readySignup(ctx: FixtureCtx, phone: string, key: string, contact: boolean): Promise<string> {
  const made = await ctx.app.inject({ method: 'POST', url: '/api/wecom/seminar/signups', payload: await signupBody(ctx, phone, key) });
  const code = (made.json() as { data: { code: string } }).data.code;
  await ctx.app.inject({ method: 'POST', url: '/api/wecom/seminar/divide', headers: { [SEMINAR_KEY_HEADER]: key }, payload: { code } });
  if (contact) await ctx.app.inject({ method: 'POST', url: `/api/wecom/seminar/signups/${code}/contact`, headers: { [SEMINAR_KEY_HEADER]: key } });
  return code;
}

/** The wecom-seminar write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */
export const WECOM_SEMINAR_FIXTURES: Record<string, Fixture> = {
  'POST /api/admin/wecom-seminar/seminars': { as: 'admin', body: SEMINAR },
  'PUT /api/admin/wecom-seminar/seminars/:id': {
    as: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/wecom-seminar/seminars/${await ctx.one<number>(sql`select id from wecom_seminars where title = ${SEMINAR.title}`)}`, body: { ...SEMINAR, location: '线下：北京' } }),
  },
  'POST /api/admin/wecom-seminar/counsellors': { as: 'admin', body: COUNSELLOR },
  'PUT /api/admin/wecom-seminar/counsellors/:id': {
    as: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/wecom-seminar/counsellors/${await ctx.one<number>(sql`select id from wecom_counsellors where wecom_userid = 'ds-counsellor'`)}`, body: { ...COUNSELLOR, capacity: 60, province_ids: [110000] } }),
  },
  'POST /api/wecom/seminar/signups': { as: 'public', prepare: async (ctx) => ({ body: await signupBody(ctx, '13911119901', KEY_A) }) },
  'POST /api/wecom/seminar/divide': {
    as: 'public',
    prepare: async (ctx) => ({ body: { code: `U${await ctx.one<number>(sql`select id from wecom_seminar_signups where phone = '13911119901'`)}` }, headers: { [SEMINAR_KEY_HEADER]: KEY_A } }),
  },
  'POST /api/wecom/seminar/signups/:code/contact': {
    as: 'public',
    prepare: async (ctx) => ({ url: `/api/wecom/seminar/signups/U${await ctx.one<number>(sql`select id from wecom_seminar_signups where phone = '13911119901'`)}/contact`, headers: { [SEMINAR_KEY_HEADER]: KEY_A } }),
  },
  'POST /api/wecom/callback/contact': {
    as: 'public',
    expectHttp: 200,
    prepare: async (ctx) => {
      await readySignup(ctx, '13911119902', KEY_B, true);
      const state = await ctx.one<string>(sql`select contact_state from wecom_seminar_signups where phone = '13911119902'`);
      const userid = await ctx.one<string>(sql`select c.wecom_userid from wecom_counsellors c join wecom_seminar_signups s on s.counsellor_id = c.id where s.phone = '13911119902'`);
      const sealed = ctx.app.wecomContactStandin!.sealEvent({
        ToUserName: 'corp',
        FromUserName: 'sys',
        CreateTime: String(Math.floor(ctx.now().getTime() / 1000)),
        MsgType: 'event',
        Event: 'change_external_contact',
        ChangeType: 'add_external_contact',
        UserID: userid,
        ExternalUserID: 'wmDoubleSubmit',
        State: state,
      }, { nonce: 'ds-nonce', timestamp: Math.floor(ctx.now().getTime() / 1000) });
      return { url: `/api/wecom/callback/contact?${sealed.query}`, raw: { payload: Buffer.from(sealed.xml), contentType: 'text/xml' } };
    },
  },
};
