/** Start-up steps (decision 022): a failure inside or between steps loses nothing and duplicates nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, inArray } from 'drizzle-orm';
import { accounts, schools, startupSteps } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../test/flows.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-seed.ts';
import { SCHOOLS } from './schools-data.ts';
import { completedStartupSteps, runStartupSteps, type StartupStep } from './startup-steps.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const options = { seedDemo: true, argon2MemoryKib: 8192 };
const failAt = (where: StartupStep, when: 'beforeCommit' | 'afterCommit') => ({
  ...options,
  hooks: {
    [when]: (step: StartupStep) => {
      if (step === where) throw new Error(`injected failure ${when} ${step}`);
    },
  },
});
const schoolCount = async () => (await t.db.select({ n: count() }).from(schools))[0]!.n;
const demoCount = async () =>
  (await t.db.select({ n: count() }).from(accounts).where(inArray(accounts.phone, DEMO_ACCOUNTS.map((a) => a.phone))))[0]!.n;

describe('runStartupSteps', () => {
  it('with the demo off, loads reference data and leaves the demo step unrecorded for a later start', { timeout: 120_000 }, async () => {
    const app = await createTestApp();
    try {
      expect(await runStartupSteps(app.db, { ...options, seedDemo: false })).toEqual({ 'reference-data': 'ran', 'demo-seed': 'skipped' });
      expect([...(await completedStartupSteps(app.db))]).toEqual(['reference-data']);
      expect(await runStartupSteps(app.db, options)).toEqual({ 'reference-data': 'already-done', 'demo-seed': 'ran' });
    } finally {
      await app.close();
    }
  });

  it('a failure inside the reference-data step rolls the whole step back, record included', async () => {
    await expect(runStartupSteps(t.db, failAt('reference-data', 'beforeCommit'))).rejects.toThrow('injected failure');
    expect(await schoolCount()).toBe(0);
    expect((await completedStartupSteps(t.db)).size).toBe(0);
  });

  it('a failure between the steps keeps the committed one and runs only the missing one next time', async () => {
    await expect(runStartupSteps(t.db, failAt('reference-data', 'afterCommit'))).rejects.toThrow('injected failure');
    expect(await schoolCount()).toBe(SCHOOLS.length);
    expect([...(await completedStartupSteps(t.db))]).toEqual(['reference-data']);
    expect(await demoCount()).toBe(0);
  });

  it('a failure inside the demo seed leaves no demo account behind', async () => {
    await expect(runStartupSteps(t.db, failAt('demo-seed', 'beforeCommit'))).rejects.toThrow('injected failure');
    expect(await demoCount()).toBe(0);
    expect([...(await completedStartupSteps(t.db))]).toEqual(['reference-data']);
  });

  it('the next clean run completes everything: demo accounts log in, schools are there once', async () => {
    expect(await runStartupSteps(t.db, options)).toEqual({ 'reference-data': 'already-done', 'demo-seed': 'ran' });
    expect(await schoolCount()).toBe(SCHOOLS.length);
    expect(await demoCount()).toBe(DEMO_ACCOUNTS.length);
    for (const demo of DEMO_ACCOUNTS) {
      const login = await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone: demo.phone, password: DEMO_PASSWORD } });
      expect(login.body.status, demo.label).toBe(200);
    }
    const school = await call<Array<{ name: string }>>(t.app, 'GET', `/api/region/schools?country_id=1&name=${encodeURIComponent(SCHOOLS[0]!.name)}`);
    expect(school.body.data!.filter((s) => s.name === SCHOOLS[0]!.name)).toHaveLength(1);
  });

  it('runs nothing once every step is recorded, and duplicates nothing', async () => {
    const rows = await t.db.select().from(startupSteps);
    expect(await runStartupSteps(t.db, options)).toEqual({ 'reference-data': 'already-done', 'demo-seed': 'already-done' });
    expect(await t.db.select().from(startupSteps)).toEqual(rows);
    expect(await schoolCount()).toBe(SCHOOLS.length);
    expect(await demoCount()).toBe(DEMO_ACCOUNTS.length);
  });

  it('a database seeded before steps were recorded is recognised, not seeded twice', async () => {
    await t.db.delete(startupSteps);
    expect(await runStartupSteps(t.db, options)).toEqual({ 'reference-data': 'ran', 'demo-seed': 'ran' });
    expect(await schoolCount()).toBe(SCHOOLS.length);
    expect(await demoCount()).toBe(DEMO_ACCOUNTS.length);
  });
});
