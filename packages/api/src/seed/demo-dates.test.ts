/**
 * The demo never starts overdue (decision 090): seeded on any day, its application deadlines, the tuition due
 * dates of the offers it holds, the programme installments of its admitted students and its checklist items
 * all lie ahead of that day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { studentProfiles } from '../db/schema.ts';
import { checklistItems } from '../db/schema-checklist.ts';
import { programmeApplications, programmes } from '../db/schema-programmes.ts';
import { studentDues } from '../modules/dues/dues.service.ts';
import { programmeDues } from '../modules/programmes/programme-payments.plan.ts';
import { getDeadlines } from '../modules/settings/deadlines.service.ts';
import { createClock, createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemo } from './demo-seed.ts';

// A day long after the fixed defaults (2027's batch deadlines): the demo must still open with everything ahead.
const clock = createClock(new Date('2031-03-10T02:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
  expect(await seedDemo(t.db, { argon2MemoryKib: 8192, now: clock.now() })).toBe(true);
});
afterAll(async () => {
  await t.close();
});

describe('the demo seeded on any day', () => {
  it('has every application deadline ahead, in the batches’ order', async () => {
    const d = await getDeadlines(t.app.ctx);
    const now = clock.now().getTime();
    for (const at of Object.values(d)) expect(Date.parse(at)).toBeGreaterThan(now);
    expect(Date.parse(d.EB1)).toBeLessThan(Date.parse(d.EB2));
    expect(Date.parse(d.RD)).toBeLessThan(Date.parse(d.MRD));
  });

  it('holds no overdue tuition installment, no overdue programme installment and no checklist item past due', async () => {
    const offers = await t.db.select({ accountId: studentProfiles.accountId }).from(studentProfiles).where(isNotNull(studentProfiles.offerLetter));
    expect(offers.length).toBeGreaterThan(0);
    let unpaid = 0;
    for (const { accountId } of offers) {
      const dues = await studentDues(t.app.ctx, accountId);
      for (const inst of dues?.installments ?? []) {
        expect(inst.overdue, `student ${accountId} ${inst.purpose}`).toBe(false);
        if (!inst.paidAt) unpaid += 1;
      }
    }
    // At least one demo offer still has tuition to pay (the one whose due date this is about).
    expect(unpaid).toBeGreaterThan(0);

    const admits = await t.db
      .select({ app: programmeApplications, programme: programmes })
      .from(programmeApplications)
      .innerJoin(programmes, eq(programmes.id, programmeApplications.programmeId))
      .where(isNotNull(programmeApplications.releasedAt));
    expect(admits.length).toBeGreaterThan(0);
    for (const { app, programme } of admits) {
      const dues = await programmeDues(t.db, programme, app, clock.now());
      for (const inst of dues.installments) expect(inst.overdue, `${programme.code} ${inst.purpose}`).toBe(false);
    }

    const items = await t.db.select({ key: checklistItems.key, dueAt: checklistItems.dueAt }).from(checklistItems);
    for (const item of items) if (item.dueAt) expect(item.dueAt.getTime(), item.key).toBeGreaterThan(clock.now().getTime());
  });
});
