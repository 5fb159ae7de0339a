import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_SITE_CONTACT, MSG, SITE_CONTACT_MSG, type SiteConfig, type SiteContact, type SiteQrSettings } from '@summit/domain';
import { loadEnv } from '../../env.ts';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { PNG_BYTES, getCredential, postFile, uploadPdf } from '../storage/storage-test-kit.ts';
import { isAmcHost, isNonProductionHost, normaliseHost } from './site.service.ts';
import { demoQrPng, demoQrText, seedDemoSiteFacts } from '../../seed/demo-site-facts.ts';

const TESTER_PASSWORD = 'staging-pass-2027';
let t: TestApp;
let dataDir: string;
let admin: string;
let student: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'summit-site-'));
  t = await createTestApp({
    env: { DATA_DIR: dataDir, AMC_HOSTS: 'amc-summit.example.cn, Partner.Example.org:8443', NON_PRODUCTION_HOSTS: 'test.summit.cn', TESTER_PASSWORD },
  });
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  student = (await registerStudent(t.app)).token;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function getAs<T>(url: string, host: string, token?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return { http: res.statusCode, body: res.json() as { status: unknown; msg: string; data?: T }, headers: res.headers };
}

describe('configuration of the site variants', () => {
  it('reads host lists (lower case, ports dropped) and refuses a gate without its password', () => {
    const env = loadEnv({ AMC_HOSTS: ' AMC.a.cn:80 ,b.cn,', NON_PRODUCTION_HOSTS: 'test.a.cn', TESTER_PASSWORD: 'x'.repeat(8) });
    expect(env.AMC_HOSTS).toEqual(['amc.a.cn', 'b.cn']);
    expect(env.NON_PRODUCTION_HOSTS).toEqual(['test.a.cn']);
    expect(loadEnv({}).AMC_HOSTS).toEqual([]);
    expect(() => loadEnv({ NON_PRODUCTION_HOSTS: 'test.a.cn' })).toThrow(/TESTER_PASSWORD/);
    expect(() => loadEnv({ NON_PRODUCTION_HOSTS: 'test.a.cn', TESTER_PASSWORD: 'short' })).toThrow(/TESTER_PASSWORD/);
  });

  it('matches hosts by name whatever the case and port', () => {
    expect(normaliseHost('Amc.Summit.cn:8443')).toBe('amc.summit.cn');
    expect(normaliseHost('[::1]:3000')).toBe('[::1]');
    const env = { AMC_HOSTS: ['partner.example.org'], NON_PRODUCTION_HOSTS: ['test.summit.cn'] };
    expect(isAmcHost(env, 'partner.example.org:8443')).toBe(true);
    expect(isAmcHost(env, 'amc.anything.cn')).toBe(true);
    expect(isAmcHost(env, 'summit.cn')).toBe(false);
    expect(isAmcHost(env, 'notamc.summit.cn')).toBe(false);
    expect(isNonProductionHost(env, 'TEST.summit.cn:3000')).toBe(true);
    expect(isNonProductionHost(env, 'summit.cn')).toBe(false);
  });
});

describe('GET /api/site/config', () => {
  it('answers per host: main site, AMC (listed and amc.*), non-production', async () => {
    const main = await getAs<SiteConfig>('/api/site/config', 'www.summit.cn');
    expect(main.body).toMatchObject({ status: 200, data: { amc: false, non_production: false, enrolment_over: false, server_time: t.clock.now().getTime() } });
    expect(main.headers['cache-control']).toBe('no-store');
    expect((await getAs<SiteConfig>('/api/site/config', 'amc-summit.example.cn')).body.data).toMatchObject({ amc: true, non_production: false });
    expect((await getAs<SiteConfig>('/api/site/config', 'partner.example.org:8443')).body.data).toMatchObject({ amc: true });
    expect((await getAs<SiteConfig>('/api/site/config', 'amc.summit.cn')).body.data).toMatchObject({ amc: true });
    expect((await getAs<SiteConfig>('/api/site/config', 'test.summit.cn:3000')).body.data).toMatchObject({ amc: false, non_production: true });
  });

  it('says enrolment is over once the RD deadline has passed', async () => {
    const deadlines = await call<{ items: Array<{ key: string; deadline: string }> }>(t.app, 'GET', '/api/deadlines');
    const rd = new Date(deadlines.body.data!.items.find((i) => i.key === 'RD')!.deadline);
    const saved = t.clock.now();
    try {
      t.clock.set(new Date(rd.getTime() - 1000));
      expect((await getAs<SiteConfig>('/api/site/config', 'www.summit.cn')).body.data?.enrolment_over).toBe(false);
      t.clock.set(new Date(rd.getTime() + 1000));
      const after = await getAs<SiteConfig>('/api/site/config', 'www.summit.cn');
      expect(after.body.data).toMatchObject({ enrolment_over: true, server_time: rd.getTime() + 1000 });
    } finally {
      t.clock.set(saved);
    }
  });
});

describe('POST /api/site/tester', () => {
  it('accepts the configured password and refuses others with a 4003 naming the field', async () => {
    expect((await call(t.app, 'POST', '/api/site/tester', { body: { password: TESTER_PASSWORD } })).body).toEqual({ status: 200, msg: 'ok', data: { tester: true } });
    for (const password of ['wrong', `${TESTER_PASSWORD}x`, TESTER_PASSWORD.slice(0, -1), TESTER_PASSWORD.toUpperCase()]) {
      const res = await call(t.app, 'POST', '/api/site/tester', { body: { password } });
      expect(res.body).toEqual({ status: 4003, msg: MSG.TESTER_PASSWORD_WRONG, data: { field: 'password' } });
    }
    expect((await call(t.app, 'POST', '/api/site/tester', { body: {} })).body).toMatchObject({ status: 4003, data: { field: 'password' } });
    expect((await call(t.app, 'POST', '/api/site/tester', { body: { password: 'p'.repeat(201) } })).body.status).toBe(4003);
  });

  it('answers 4001 when no tester password is configured', async () => {
    const plain = await createTestApp();
    try {
      expect((await call(plain.app, 'POST', '/api/site/tester', { body: { password: 'anything' } })).body).toEqual({ status: 4001, msg: MSG.TESTER_GATE_OFF });
    } finally {
      await plain.close();
    }
  });

  it('limits guessing per address', async () => {
    let limited = 0;
    for (let i = 0; i < 25; i += 1) {
      const res = await call(t.app, 'POST', '/api/site/tester', { body: { password: `guess-${i}` }, ip: '203.0.113.9' });
      if (res.http === 429) limited += 1;
    }
    expect(limited).toBeGreaterThan(0);
  });
});

describe('the AMC variant refuses financial aid', () => {
  const aidBody = { family_members: 4, annual_income_fen: 10_000_00, reason: '家庭'.repeat(30), attachments: [] };

  it('answers 404 on an AMC host, for anyone, and passes the request on elsewhere', async () => {
    for (const host of ['amc.summit.cn', 'amc-summit.example.cn']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/student/bursary-apply', headers: { host, authorization: `Bearer ${student}` }, payload: aidBody });
      expect(res.statusCode, host).toBe(404);
      expect(res.json()).toEqual({ status: 4001, msg: MSG.NOT_FOUND_API });
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/student/bursary-apply', headers: { host }, payload: aidBody });
      expect(anonymous.statusCode).toBe(404);
    }
    // The main site reaches the aid service (which answers for itself: this student has not applied yet).
    const main = await t.app.inject({ method: 'POST', url: '/api/student/bursary-apply', headers: { host: 'www.summit.cn', authorization: `Bearer ${student}` }, payload: aidBody });
    expect(main.statusCode).not.toBe(404);
    expect(main.statusCode).toBeLessThan(500);
  });
});

describe('side-helper QR codes', () => {
  async function uploadPng(token: string, name = 'qr.png') {
    const cred = await getCredential(t.app, token, { file_name: name, type: 'image/png', file_size: PNG_BYTES.length }, '/api/teacher/oss/credential');
    expect(cred.body.status).toBe(200);
    const posted = await postFile(t.app, cred.body.data!.fields, { name, type: 'image/png', bytes: PNG_BYTES });
    expect(posted.http).toBe(204);
    return cred.body.data!.file;
  }

  it('serves a placeholder SVG until an admin sets one', async () => {
    for (const which of ['service', 'official']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/site/qr/${which}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toContain(which === 'service' ? '在线客服' : '关注公众号');
    }
    expect((await call(t.app, 'GET', '/api/site/qr/other')).body.status).toBe(4003);
  });

  it('admin sets a QR from an own PNG: stored, audited, streamed publicly; cleared back to the placeholder', async () => {
    const file = await uploadPng(admin);
    const put = await call<SiteQrSettings>(t.app, 'PUT', '/api/admin/site/qr', { token: admin, body: { which: 'service', file } });
    expect(put.body).toMatchObject({ status: 200, msg: MSG.SAVE_OK, data: { service: file, official: null } });
    expect((await call<SiteQrSettings>(t.app, 'GET', '/api/admin/site/qr', { token: admin })).body.data).toEqual({ service: file, official: null });

    const img = await t.app.inject({ method: 'GET', url: '/api/site/qr/service' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG_BYTES)).toBe(true);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'site.qr.update'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entity: 'settings', entityId: 'qr.service', before: { service: null }, after: { service: file } });

    const cleared = await call<SiteQrSettings>(t.app, 'PUT', '/api/admin/site/qr', { token: admin, body: { which: 'service', file: null } });
    expect(cleared.body.data).toEqual({ service: null, official: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/site/qr/service' })).headers['content-type']).toContain('image/svg+xml');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'site.qr.update'))).toHaveLength(2);
  });

  it('refuses files that are not this admin\'s own images (a QR is public)', async () => {
    const otherAdmin = await createStaffToken(t, 'teacher', { isAdmin: true });
    const othersPng = await uploadPng(otherAdmin, 'other.png');
    const ownPdf = await uploadPdf(t.app, admin, 'qr.pdf');
    const studentPng = { name: 'id.png', url: '/api/oss/file/student/1/00000000000000000000000000000000/id.png' };
    for (const file of [othersPng, ownPdf, studentPng]) {
      const res = await call(t.app, 'PUT', '/api/admin/site/qr', { token: admin, body: { which: 'official', file } });
      expect(res.body, file.url).toEqual({ status: 4003, msg: MSG.SITE_QR_FILE_INVALID, data: { field: 'file' } });
    }
    expect((await call(t.app, 'PUT', '/api/admin/site/qr', { token: admin, body: { which: 'nope', file: null } })).body).toMatchObject({ status: 4003 });
    expect((await call(t.app, 'PUT', '/api/admin/site/qr', { token: admin, body: { which: 'official', file: { name: 'a.png', url: 'https://evil.example/a.png' } } })).body.status).toBe(4003);
  });

  it('only admins may read or change the QR settings', async () => {
    const teacher = await createStaffToken(t, 'teacher');
    for (const token of [undefined, student, teacher]) {
      const read = await call(t.app, 'GET', '/api/admin/site/qr', token ? { token } : {});
      expect(read.body.status).toBe(token ? 4001 : 401);
      const write = await call(t.app, 'PUT', '/api/admin/site/qr', { ...(token ? { token } : {}), body: { which: 'service', file: null } });
      expect(write.body.status).toBe(token ? 4001 : 401);
    }
  });
});

describe('contact details (decision 030)', () => {
  it('are public, seeded with the demo values on first read', async () => {
    const res = await call<SiteContact>(t.app, 'GET', '/api/site/contact');
    expect(res.body).toMatchObject({ status: 200, data: DEFAULT_SITE_CONTACT });
  });

  it('an admin edit is stored, audited, and quoted by the FAQ through {{contact.*}}', async () => {
    const next = { phone: '+86 10 8888 6666', email: 'help@summit.example.org', wechat_id: 'SummitHelp_01', hours: '每天 8:00–22:00' };
    const put = await call<SiteContact>(t.app, 'PUT', '/api/admin/site/contact', { token: admin, body: next });
    expect(put.body).toMatchObject({ status: 200, msg: MSG.SAVE_OK, data: next });
    expect((await call<SiteContact>(t.app, 'GET', '/api/site/contact')).body.data).toEqual(next);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'site.contact.update'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entity: 'settings', entityId: 'contact', before: DEFAULT_SITE_CONTACT, after: next });
    const faq = JSON.stringify((await call(t.app, 'GET', '/api/content/pages?slug=faq')).body.data);
    expect(faq).toContain('SummitHelp_01');
    expect(faq).toContain('mailto:help@summit.example.org');
    expect(faq).not.toContain('{{contact');
  });

  it('refuses markup and malformed values with 4003 naming the field, and non-admins', async () => {
    const good = DEFAULT_SITE_CONTACT;
    for (const [field, value, msg] of [
      ['hours', '<script>alert(1)</script>', SITE_CONTACT_MSG.HOURS],
      ['email', 'not-an-email', SITE_CONTACT_MSG.EMAIL],
      ['wechat_id', '1abc', SITE_CONTACT_MSG.WECHAT_ID],
      ['phone', 'call me', SITE_CONTACT_MSG.PHONE],
    ] as const) {
      const res = await call(t.app, 'PUT', '/api/admin/site/contact', { token: admin, body: { ...good, [field]: value } });
      expect(res.body, field).toEqual({ status: 4003, msg, data: { field } });
    }
    expect((await call(t.app, 'PUT', '/api/admin/site/contact', { token: student, body: good })).body.status).toBe(4001);
    expect((await call(t.app, 'PUT', '/api/admin/site/contact', { body: good })).body.status).toBe(401);
  });
});

describe('the demo seed of the site facts', () => {
  it('stores two real PNG QR codes as the admin\'s uploads, served publicly; a repeat stores nothing', async () => {
    const fresh = await createTestApp({ env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'summit-seed-qr-')) } });
    try {
      await createStaffToken(fresh, 'teacher', { isAdmin: true });
      expect(await seedDemoSiteFacts(fresh.app.ctx)).toEqual(['service', 'official']);
      for (const which of ['service', 'official'] as const) {
        const img = await fresh.app.inject({ method: 'GET', url: `/api/site/qr/${which}` });
        expect(img.statusCode).toBe(200);
        expect(img.headers['content-type']).toBe('image/png');
        // The bytes are the QR of the demo text, as generated (PNG signature, 480 px wide in the IHDR chunk).
        expect(img.rawPayload.equals(await demoQrPng(which))).toBe(true);
        expect(img.rawPayload.readUInt32BE(16)).toBe(480);
      }
      expect(demoQrText('service')).toContain(DEFAULT_SITE_CONTACT.wechat_id);
      expect(await seedDemoSiteFacts(fresh.app.ctx)).toEqual([]);
      const programme = await call<{ mode: string; switched_to_online_at: string | null }>(fresh.app, 'GET', '/api/programme');
      expect(programme.body.data).toMatchObject({ mode: 'online', switched_to_online_at: null });
    } finally {
      await fresh.close();
    }
  });
});
