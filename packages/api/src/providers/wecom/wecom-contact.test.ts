import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWecomStandin, WECOM_STANDIN_CORP, type WecomStandin } from '../../stand-ins/wecom.ts';
import { WECOM_CONTACT_STANDIN_KEYS, createWecomContactStandin, type WecomContactStandin } from '../../stand-ins/wecom-contact.ts';
import { createWecomClient, WecomApiError } from './wecom-client.ts';
import { CALLBACK_WINDOW_SECONDS, WecomCallbackError, createWecomContactApi, openCallbackEvent, verifyCallbackUrl, type ContactEvent } from './wecom-contact.ts';

/**
 * The customer-contact adapter (decision 099) against the stand-ins of WeCom's servers over real HTTP: the same
 * client, signatures and decryption production uses; only the base URL differs.
 */
describe('WeCom customer contact against the stand-in', () => {
  let server: FastifyInstance;
  let standin: WecomStandin;
  let contactStandin: WecomContactStandin;
  let base: string;
  const received: ContactEvent[] = [];
  const keys = { ...WECOM_CONTACT_STANDIN_KEYS, corpId: WECOM_STANDIN_CORP.corpId };
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    standin = createWecomStandin();
    server = Fastify();
    await server.register(standin.plugin);
    contactStandin = createWecomContactStandin({
      standin,
      keys: WECOM_CONTACT_STANDIN_KEYS,
      publicBase: '',
      // Our side of the callback, as the route runs it: verify, decrypt, read.
      deliver: async (query, xml) => {
        const q = Object.fromEntries(new URLSearchParams(query));
        received.push(openCallbackEvent(keys, q, xml, nowSeconds()));
        return { status: 200, body: 'success' };
      },
    });
    await server.register(contactStandin.plugin);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => server.close());

  const api = () => createWecomContactApi(createWecomClient({ ...WECOM_STANDIN_CORP, apiBase: base, openBase: base }));

  it('makes a contact-me code whose add event carries the state, and reads the contact back', async () => {
    const way = await api().addContactWay({ userId: 'ZhangLaoshi', state: 'sTestState123' });
    expect(way.qrCode).toContain(way.configId);
    expect(await contactStandin.simulateAdd(way.configId, 'xiaoming')).toEqual({ status: 200, body: 'success' });
    const event = received.at(-1)!;
    expect(event).toMatchObject({ event: 'change_external_contact', changeType: 'add_external_contact', userId: 'ZhangLaoshi', state: 'sTestState123', externalUserId: standin.externalUserIdOf('xiaoming') });
    const contact = await api().getExternalContact(event.externalUserId);
    expect(contact).toMatchObject({ name: '小明（学生）', followers: [{ userId: 'ZhangLaoshi', state: 'sTestState123' }] });
  });

  it('answers WeCom’s errors as WecomApiError: an unknown or departed member, a state over 30 characters', async () => {
    for (const [userId, state, code] of [
      ['nobody', 's', 60111],
      ['WangLizhi', 's', 60111],
      ['ZhangLaoshi', 'x'.repeat(31), 40058],
    ] as const) {
      const err = await api().addContactWay({ userId, state }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WecomApiError);
      expect((err as WecomApiError).errcode).toBe(code);
    }
  });

  it('verifies the URL check and refuses a wrong key, a wrong corp and an old timestamp', () => {
    const q = Object.fromEntries(new URLSearchParams(contactStandin.sealEcho('hello-echo')));
    expect(verifyCallbackUrl(keys, q, nowSeconds())).toBe('hello-echo');
    const reason = (f: () => unknown) => {
      try {
        f();
        return 'accepted';
      } catch (e) {
        return e instanceof WecomCallbackError ? e.reason : 'other';
      }
    };
    expect(reason(() => verifyCallbackUrl({ ...keys, token: 'anotherToken' }, q, nowSeconds()))).toBe('signature');
    expect(reason(() => verifyCallbackUrl({ ...keys, corpId: 'ww0000000000' }, q, nowSeconds()))).toBe('corp');
    expect(reason(() => verifyCallbackUrl(keys, q, nowSeconds() + CALLBACK_WINDOW_SECONDS + 5))).toBe('stale');
    expect(reason(() => verifyCallbackUrl(keys, { ...q, echostr: undefined }, nowSeconds()))).toBe('missing');
    const sealed = contactStandin.sealEvent({ Event: 'change_external_contact' });
    const sq = Object.fromEntries(new URLSearchParams(sealed.query));
    // Another EncodingAESKey decrypts to noise: refused as undecryptable or as not our corp's.
    expect(reason(() => openCallbackEvent({ ...keys, aesKey: 'A'.repeat(43) }, sq, sealed.xml, nowSeconds()))).toMatch(/^(decrypt|corp)$/);
    expect(openCallbackEvent(keys, sq, sealed.xml, nowSeconds()).event).toBe('change_external_contact');
    expect(reason(() => openCallbackEvent(keys, sq, '<xml><Encrypt>', nowSeconds()))).not.toBe('accepted');
  });
});
