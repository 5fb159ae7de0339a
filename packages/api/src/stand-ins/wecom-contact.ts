/**
 * A local stand-in of WeCom's customer contact (客户联系, decision 099), mounted beside the WeCom stand-in
 * (stand-ins/wecom.ts) under /__wecom: cgi-bin/externalcontact/add_contact_way (a contact-me code per member and
 * `state`), cgi-bin/externalcontact/get, the code's picture, and "the person scanned the code and added the member":
 * the stand-in then sends our callback URL what WeCom would, a change_external_contact / add_external_contact
 * event encrypted with the EncodingAESKey and signed with the callback Token (@wecom/crypto, as WeCom does).
 *
 * Errors as WeCom answers them: 40014 bad access token, 60111 unknown member, 40058 a bad parameter (a state over
 * 30 characters), 41044 unknown config_id. State is in memory: it stands in for a third party.
 */
import { randomBytes } from 'node:crypto';
import { encrypt, getSignature } from '@wecom/crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import QRCode from 'qrcode';
import { WECOM_STANDIN_PEOPLE, type WecomStandin } from './wecom.ts';

/** The demo callback keys when WECOM_CALLBACK_TOKEN / WECOM_CALLBACK_AES_KEY are not set: demo values, not secrets. */
export const WECOM_CONTACT_STANDIN_KEYS = { token: 'summitStandinCallbackToken', aesKey: 'c3VtbWl0LXdlY29tLXN0YW5kaW4tZGVtby1rZXktMzI' } as const;

export interface CallbackDelivery {
  /** POSTs the signed XML to our callback URL (query: msg_signature, timestamp, nonce) and returns its answer. */
  (query: string, xml: string): Promise<{ status: number; body: string }>;
}

export interface ContactWayRecord {
  configId: string;
  userId: string;
  state: string;
}

export interface WecomContactStandin {
  plugin: FastifyPluginAsync;
  /** Adds the member of this contact-me code as the outsider would by scanning it; returns our callback's answer. */
  simulateAdd(configId: string, personKey?: string): Promise<{ status: number; body: string }>;
  /** The signed callback for an event, without sending it (tests of replays and bad signatures). */
  sealEvent(fields: Record<string, string>, opts?: { timestamp?: number; nonce?: string }): { query: string; xml: string };
  /** URL verification as WeCom's admin console does it when the callback URL is saved. */
  sealEcho(echo: string, opts?: { timestamp?: number }): string;
  contactWays: Map<string, ContactWayRecord>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** The outsiders the scan page offers. */
const OUTSIDERS = WECOM_STANDIN_PEOPLE.filter((p) => p.kind === 'external');

export function createWecomContactStandin(opts: {
  standin: WecomStandin;
  keys: { token: string; aesKey: string };
  deliver: CallbackDelivery;
  /** Where the stand-in is reachable from a browser (same origin: /__wecom), for the code's picture and scan page. */
  publicBase: string;
  now?: () => number;
}): WecomContactStandin {
  const now = opts.now ?? (() => Date.now());
  const { standin } = opts;
  const contactWays = new Map<string, ContactWayRecord>();
  const follows = new Map<string, Array<{ userid: string; state: string; createtime: number }>>();
  const base = opts.publicBase.replace(/\/+$/, '');
  const scanUrl = (configId: string) => `${base}/contact/scan?config_id=${encodeURIComponent(configId)}`;

  const sealEvent: WecomContactStandin['sealEvent'] = (fields, o = {}) => {
    const timestamp = String(o.timestamp ?? Math.floor(now() / 1000));
    const nonce = o.nonce ?? randomBytes(8).toString('hex');
    const inner = `<xml>${Object.entries(fields)
      .map(([k, v]) => `<${k}>${k === 'CreateTime' ? v : cdata(v)}</${k}>`)
      .join('')}</xml>`;
    const cipher = encrypt(opts.keys.aesKey, inner, standin.corp.corpId);
    const signature = getSignature(opts.keys.token, timestamp, nonce, cipher);
    const xml = `<xml><ToUserName>${cdata(standin.corp.corpId)}</ToUserName><AgentID>${cdata(standin.corp.agentId)}</AgentID><Encrypt>${cdata(cipher)}</Encrypt></xml>`;
    return { query: new URLSearchParams({ msg_signature: signature, timestamp, nonce }).toString(), xml };
  };

  const sealEcho: WecomContactStandin['sealEcho'] = (echo, o = {}) => {
    const timestamp = String(o.timestamp ?? Math.floor(now() / 1000));
    const nonce = randomBytes(8).toString('hex');
    const cipher = encrypt(opts.keys.aesKey, echo, standin.corp.corpId);
    return new URLSearchParams({ msg_signature: getSignature(opts.keys.token, timestamp, nonce, cipher), timestamp, nonce, echostr: cipher }).toString();
  };

  const simulateAdd: WecomContactStandin['simulateAdd'] = async (configId, personKey = 'xiaoming') => {
    const way = contactWays.get(configId);
    if (!way) return { status: 404, body: 'unknown config_id' };
    const externalUserId = standin.externalUserIdOf(personKey);
    const createTime = Math.floor(now() / 1000);
    const list = follows.get(externalUserId) ?? [];
    list.push({ userid: way.userId, state: way.state, createtime: createTime });
    follows.set(externalUserId, list);
    const { query, xml } = sealEvent({
      ToUserName: standin.corp.corpId,
      FromUserName: 'sys',
      CreateTime: String(createTime),
      MsgType: 'event',
      Event: 'change_external_contact',
      ChangeType: 'add_external_contact',
      UserID: way.userId,
      ExternalUserID: externalUserId,
      State: way.state,
      WelcomeCode: randomBytes(12).toString('base64url'),
    });
    return opts.deliver(query, xml);
  };

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.post('/cgi-bin/externalcontact/add_contact_way', async (req) => {
      const q = req.query as Record<string, string | undefined>;
      if (!standin.checkAccessToken(q.access_token)) return { errcode: 40014, errmsg: 'invalid access_token' };
      const b = (req.body ?? {}) as { type?: unknown; scene?: unknown; user?: unknown; state?: unknown };
      if (b.type !== 1 || (b.scene !== 1 && b.scene !== 2) || !Array.isArray(b.user) || b.user.length !== 1) return { errcode: 40058, errmsg: 'invalid parameter: type, scene or user' };
      const userId = String(b.user[0]);
      const member = WECOM_STANDIN_PEOPLE.find((p) => p.kind === 'member' && p.key === userId && (p.status ?? 1) === 1);
      if (!member) return { errcode: 60111, errmsg: 'invalid userid' };
      const state = typeof b.state === 'string' ? b.state : '';
      if (state.length > 30) return { errcode: 40058, errmsg: 'invalid parameter: state too long' };
      const configId = randomBytes(16).toString('hex');
      contactWays.set(configId, { configId, userId, state });
      return { errcode: 0, errmsg: 'ok', config_id: configId, qr_code: `${base}/contact/qr/${configId}.png` };
    });

    app.get('/cgi-bin/externalcontact/get', async (req) => {
      const q = req.query as Record<string, string | undefined>;
      if (!standin.checkAccessToken(q.access_token)) return { errcode: 40014, errmsg: 'invalid access_token' };
      const person = OUTSIDERS.find((p) => standin.externalUserIdOf(p.key) === q.external_userid);
      const list = follows.get(q.external_userid ?? '');
      if (!person || !list) return { errcode: 84061, errmsg: 'not external contact' };
      return { errcode: 0, errmsg: 'ok', external_contact: { external_userid: q.external_userid, name: person.name, type: 1 }, follow_user: list };
    });

    app.get<{ Params: { file: string } }>('/contact/qr/:file', async (req, reply) => {
      const configId = req.params.file.replace(/\.png$/, '');
      if (!contactWays.has(configId)) return reply.code(404).send('');
      const png = await QRCode.toBuffer(scanUrl(configId), { margin: 1, width: 240 });
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    });

    app.get('/contact/scan', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const way = contactWays.get(q.config_id ?? '');
      if (!way) return reply.code(404).send(page('二维码已失效', '<p>没有这个联系我二维码。</p>'));
      const member = WECOM_STANDIN_PEOPLE.find((p) => p.key === way.userId);
      const forms = OUTSIDERS.map(
        (p) => `<form method="post" action="${esc(`${base}/contact/scan`)}"><input type="hidden" name="config_id" value="${esc(way.configId)}"><input type="hidden" name="person" value="${esc(p.key)}"><button type="submit">以「${esc(p.name)}」的身份添加</button></form>`,
      ).join('');
      return page(`添加「${member?.name ?? way.userId}」为联系人`, `<p class="note">这是本地演示用的企业微信服务替身：在真实企业微信中，扫码后会直接进入添加页面。</p>${forms}`);
    });

    await app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
      scope.post('/contact/scan', async (req, reply) => {
        const b = (req.body ?? {}) as Record<string, string | undefined>;
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        const person = OUTSIDERS.find((p) => p.key === b.person);
        if (!person) return reply.code(400).send(page('参数错误', '<p>没有这个演示用户。</p>'));
        const answer = await simulateAdd(b.config_id ?? '', person.key);
        if (answer.status === 404) return reply.code(404).send(page('二维码已失效', '<p>没有这个联系我二维码。</p>'));
        return page('已添加', `<p>已添加为联系人${answer.status === 200 ? '' : `（回调应答 ${answer.status}）`}。请回到报名页面查看。</p>`);
      });
    });

    // Tests and the browser suite: the add, without the HTML.
    app.post('/contact/simulate-add', async (req, reply) => {
      const b = (req.body ?? {}) as { config_id?: unknown; person?: unknown };
      const answer = await simulateAdd(String(b.config_id ?? ''), typeof b.person === 'string' ? b.person : undefined);
      return reply.code(answer.status === 404 ? 404 : 200).send({ callback_status: answer.status, callback_body: answer.body });
    });
  };

  return { plugin, simulateAdd, sealEvent, sealEcho, contactWays };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans SC",sans-serif;margin:0;background:#f2f3f5;color:#191919}
main{max-width:480px;margin:0 auto;padding:24px 16px}h1{font-size:18px}.note{color:#666;font-size:13px}
button{display:block;width:100%;background:#2b6cd4;color:#fff;border:0;border-radius:8px;padding:14px;margin:10px 0;font-size:16px}</style></head>
<body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}
