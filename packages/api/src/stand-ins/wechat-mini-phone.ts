/**
 * Demo only (MINIPROGRAM_MODE=standin, decision 097): a page that plays the phone's part of scan to log in, so the
 * whole flow runs on one machine. It is what WeChat plus the mini-program's scan-confirm page do: pick which WeChat
 * user is holding the phone (wx.login through the stand-in), then the same API calls the mini-program page makes —
 * POST /api/login-mp/scene/view, then …/confirm or …/cancel, each with a fresh code. Plain HTML, no script.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { STANDIN_USERS } from './wechat-open.ts';
import type { WechatMiniStandin } from './wechat-mini.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const SCENE = /^[A-Za-z0-9_-]{16,32}$/;

export function wechatMiniPhonePlugin(opts: { standin: WechatMiniStandin; appId: string; prefix: string }): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.get('/scan', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const scene = q.scene ?? '';
      if (!SCENE.test(scene)) return reply.code(400).send(page('二维码无效', '<p>缺少或无效的 scene。</p>'));
      const user = STANDIN_USERS.find((u) => u.key === q.user);
      if (!user) {
        const links = STANDIN_USERS.map(
          (u) => `<li><a class="user" href="${esc(`${opts.prefix}/scan?${new URLSearchParams({ scene, user: u.key }).toString()}`)}">以「${esc(u.nickname)}」的微信扫码</a></li>`,
        ).join('');
        return page('模拟手机扫码（本地演示）', `<p class="note">这是本地演示用的手机模拟：选择拿着手机的微信用户。演示数据中「小明」已绑定学生孙浩然（13900000007）。</p><ul>${links}</ul>`);
      }
      const call = async (path: string) => {
        const res = await app.inject({ method: 'POST', url: path, payload: { scene_id: scene, code: opts.standin.issueCode(opts.appId, user.key) } });
        return res.json() as { status: number; msg: string; data?: { device: string; place: string; account_name: string | null } };
      };
      if (q.action === 'confirm' || q.action === 'cancel') {
        const done = await call(`/api/login-mp/scene/${q.action}`);
        return page(done.status === 200 ? done.msg : '未完成', `<p>${esc(done.status === 200 ? (q.action === 'confirm' ? '电脑上的页面将在几秒内登录。' : '该设备不会登录。') : done.msg)}</p>`);
      }
      const view = await call('/api/login-mp/scene/view');
      if (view.status !== 200 || !view.data) return page('无法确认登录', `<p>${esc(view.msg)}</p>`);
      const form = (action: string, label: string, cls: string) =>
        `<form method="get" action="${esc(`${opts.prefix}/scan`)}"><input type="hidden" name="scene" value="${esc(scene)}"><input type="hidden" name="user" value="${esc(user.key)}"><input type="hidden" name="action" value="${action}"><button class="${cls}" type="submit">${label}</button></form>`;
      return page(
        '网页登录确认（模拟小程序）',
        `<p>有设备正在请求登录 Summit 网页版，请确认是你本人操作。</p>
<dl><dt>设备</dt><dd>${esc(view.data.device)}</dd><dt>位置</dt><dd>${esc(view.data.place)}</dd><dt>账号</dt><dd>${esc(view.data.account_name ?? '未绑定（请先在小程序中用手机号登录）')}</dd></dl>
${view.data.account_name ? form('confirm', '确认登录', 'primary') : ''}${form('cancel', '取消', 'secondary')}`,
      );
    });
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans SC",sans-serif;margin:0;background:#ededed;color:#191919}
main{max-width:480px;margin:0 auto;padding:24px 16px}h1{font-size:18px}.note{color:#595959;font-size:13px}ul{list-style:none;padding:0}
a.user{display:block;background:#057a3b;color:#fff;text-decoration:none;border-radius:8px;padding:14px;margin:10px 0;text-align:center;font-size:16px}
dl{display:grid;grid-template-columns:4em 1fr;gap:8px;background:#fff;border-radius:8px;padding:16px}dt{color:#595959}dd{margin:0}
button{width:100%;min-height:44px;border:0;border-radius:8px;font-size:16px;margin-top:12px}.primary{background:#057a3b;color:#fff}.secondary{background:#fff;color:#191919}</style></head>
<body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}
