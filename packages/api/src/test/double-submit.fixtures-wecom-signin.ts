import type { Fixture, FixtureCtx } from './double-submit.kit.ts';
import { ID, send } from './double-submit.kit.ts';

/** The demo app runs WECOM_MODE=standin: a code as WeCom's authorize page would issue it for a demo person. */
function issueCode(ctx: FixtureCtx, person: string): string {
  const standin = ctx.app.wecom.standin;
  if (!standin) throw new Error('the WeCom stand-in is not mounted (WECOM_MODE=standin)');
  return standin.issueCode(person);
}

/** A fresh OAuth state and WeCom's code for it: what /wecom/oauth/middle receives. */
async function oauthBack(ctx: FixtureCtx, person: string): Promise<{ code: string; state: string }> {
  const start = await send(ctx, 'public', 'POST', '/api/wecom/oauth/authorize', { return_url: '/' });
  return { code: issueCode(ctx, person), state: String(start.data.state) };
}

/** The wecom-signin write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */
export const WECOM_SIGNIN_FIXTURES: Record<string, Fixture> = {
  'POST /api/wecom/oauth/authorize': { as: 'public', body: { scope: 'snsapi_base', return_url: '/' }, additive: 'each start is a new one-time OAuth state' },
  // The state is consumed once: one request gets the bind ticket, the others answer 66 (start again).
  'POST /api/wecom/oauth/eid': { as: 'public', prepare: async (ctx) => ({ body: await oauthBack(ctx, 'visitor') }) },
  // The ticket is consumed once: one request binds, the others are told the ticket is used.
  'POST /api/student/wecom/bind': {
    as: 'paid',
    prepare: async (ctx) => {
      const eid = await send(ctx, 'public', 'POST', '/api/wecom/oauth/eid', await oauthBack(ctx, 'xiaoming'));
      return { body: { bind_ticket: String(eid.data.bind_ticket) } };
    },
  },
  // Linking the same member again is no change (row lock on the account, unique member per corp).
  'PUT /api/admin/staff/:id/wecom': { as: 'admin', prepare: async () => ({ url: `/api/admin/staff/${ID.teacher}/wecom`, body: { wecom_user_id: 'LiZhuli' } }) },
  // The demo links 运营老师 to ZhangLaoshi (seed/demo-wecom-signin.ts): one request unlinks, the others are told it is not linked.
  'DELETE /api/admin/staff/:id/wecom': {
    as: 'admin',
    prepare: async (ctx) => {
      await send(ctx, 'admin', 'PUT', `/api/admin/staff/${ID.staff}/wecom`, { wecom_user_id: 'ZhangLaoshi' });
      return { url: `/api/admin/staff/${ID.staff}/wecom` };
    },
  },
};
