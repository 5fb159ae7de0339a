/** The demo's other programmes (decisions 075, 076): seven built-in programmes, valid, open, idempotent, with one account per kind. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { BUILTIN_PROGRAMMES, programmeDefinitionSchema, type MyApplication, type MyProgramme, type SuccessCardStatus } from '@summit/domain';
import { programmeApplications, programmes } from '../db/schema-programmes.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../test/flows.ts';
import { DEMO_PASSWORD, seedDemo } from './demo-seed.ts';
import { demoProgrammeDefinitions, seedDemoProgrammes } from './demo-programmes.ts';

let t: TestApp;
const now = new Date();
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.db, { argon2MemoryKib: 8192, now })).toBe(true);
}, 120_000);
afterAll(async () => t.close());

const login = async (phone: string) => (await call<{ token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: DEMO_PASSWORD } })).body.data!.token;

describe('demo programmes', () => {
  it('seeds the seven built-in programmes, each a valid open definition', async () => {
    const rows = await t.db.select().from(programmes);
    expect(rows.map((r) => r.code).sort()).toEqual(Object.values(BUILTIN_PROGRAMMES).sort());
    for (const r of rows) {
      expect(programmeDefinitionSchema.safeParse(r.definition).success, r.code).toBe(true);
      expect(r.definition.status).toBe('open');
    }
    const sbp = rows.find((r) => r.code === 'sbp')!.definition;
    expect(sbp.weeks).toHaveLength(6);
    expect(new Date(sbp.weeks[0]!.opens_at) <= now).toBe(true);
    expect(new Date(sbp.weeks[2]!.opens_at) > now).toBe(true);
    expect(sbp.fees.durations.map((d) => d.weeks)).toEqual([2, 4, 6]);
    const hx = rows.find((r) => r.code === 'hxweek')!.definition;
    expect(hx).toMatchObject({ name: 'H-week / X-week 海外学术周', fees: { mode: 'split', deposit_fen: 500_000, fee_fen: 3_000_000 }, documents: { passport: true, visa: true } });
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(programmeApplications))[0]!.n;
    await seedDemoProgrammes(t.db, { adminId: 1, now, students: { hxweek: null, deansList: null } });
    expect((await t.db.select({ n: count() }).from(programmes))[0]!.n).toBe(7);
    expect((await t.db.select({ n: count() }).from(programmeApplications))[0]!.n).toBe(before);
    expect(await seedDemo(t.db, { argon2MemoryKib: 8192, now })).toBe(false);
    expect(Object.keys(demoProgrammeDefinitions(now))).toHaveLength(7);
  });

  it('gives each kind of account something to do', async () => {
    const ssi = await login('13900000011');
    expect((await call<MyProgramme[]>(t.app, 'GET', '/api/student/programmes', { token: ssi })).body.data!.find((p) => p.code === 'ssi')).toMatchObject({ eligibility_msg: null });
    const trainee = await login('13900000012');
    expect((await call<MyProgramme[]>(t.app, 'GET', '/api/student/programmes', { token: trainee })).body.data!.find((p) => p.code === 'volunteer')).toMatchObject({ eligibility_msg: null });
    const sbp = await login('13900000013');
    expect((await call<MyApplication>(t.app, 'GET', '/api/student/programmes/sbp/application', { token: sbp })).body.data).toMatchObject({ eligibility_msg: null });
    const hweek = await login('13900000014');
    expect((await call<MyApplication>(t.app, 'GET', '/api/student/programmes/hxweek/application', { token: hweek })).body.data).toMatchObject({ state: 'admitted', decision: { offer_type: 'hweek', offer_label: 'H-week' } });
    expect((await call<SuccessCardStatus>(t.app, 'GET', '/api/student/success-card-status', { token: hweek })).body.data).toMatchObject({ hxweek_offer_letter: { offer_type: 'hweek' }, hxweek_paid_status: null });
    const dean = await login('13900000015');
    expect((await call<MyApplication>(t.app, 'GET', '/api/student/programmes/deans-list/application', { token: dean })).body.data).toMatchObject({ state: 'admitted' });
    const sl = await login('13800000020');
    expect((await call<MyProgramme[]>(t.app, 'GET', '/api/sl/programmes', { token: sl })).body.data!.map((p) => p.code).sort()).toEqual(['ccl', 'sl']);
    expect((await call(t.app, 'GET', '/api/sl/info', { token: sl })).body.status).toBe(200);
    const volunteer = await login('13900000008');
    expect((await call<MyProgramme[]>(t.app, 'GET', '/api/student/programmes', { token: volunteer })).body.data!.find((p) => p.code === 'volunteer')).toMatchObject({ eligibility_msg: null });
  });
});
