/** Fixtures of the course-centre tests (and the bench): venues, courses with meetings, placed students, rounds. */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CourseCategory } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { studentProfiles } from '../../db/schema.ts';
import { courseMeetings, courses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { selectionRounds } from '../../db/schema-course-centre.ts';
import { resultPublications } from '../../db/schema-venue-house.ts';
import { payingStudent } from '../payments/payment-test-kit.ts';

let serial = 0;

/** A venue whose venue result is already published (an hour before `published`), unless `published` is null. */
export async function makeVenue(db: Db, placeName = `v${(serial += 1)}`, published: Date | null = new Date(Date.parse('2026-01-01T00:00:00Z'))) {
  const [v] = await db.insert(venues).values({ placeName, name: `${placeName}会场`, capacity: 1000 }).returning();
  if (published) await db.insert(resultPublications).values({ kind: 'venue', venueId: v!.id, publishAt: published });
  return v!;
}

const HOUR = 3_600_000;
/** Meetings at fixed hours on 2026-08-11 (Beijing +8 → UTC): slot n runs from 08:00 + 2n h for 90 minutes. */
export function slot(n: number): { startsAt: Date; endsAt: Date } {
  const start = Date.parse('2026-08-11T00:00:00Z') + n * 2 * HOUR;
  return { startsAt: new Date(start), endsAt: new Date(start + 1.5 * HOUR) };
}

export async function makeCourse(db: Db, o: { title?: string; category?: CourseCategory; capacity?: number; slot?: number; sessionKey?: 'first' | 'second' | 'third'; venueId?: number | null; taken?: number }) {
  serial += 1;
  const [c] = await db
    .insert(courses)
    .values({
      code: `C${serial}`,
      title: o.title ?? `课程${serial}`,
      category: o.category ?? 'seminar',
      sessionKey: o.sessionKey ?? 'first',
      venueId: o.venueId ?? null,
      capacity: o.capacity ?? 10,
      taken: o.taken ?? 0,
      teacherName: '李老师',
    })
    .returning();
  await db.insert(courseMeetings).values({ courseId: c!.id, ...slot(o.slot ?? serial + 20), location: '线上' });
  return c!;
}

/** A tuition-paid student of 第一期 placed at the venue. */
export async function placedStudent(t: { app: FastifyInstance; db: Db }, venueId: number, opts: { placeName?: string; paid?: boolean } = {}) {
  const s = await payingStudent(t, { offer: 1 });
  await t.db
    .update(studentProfiles)
    .set({ tuitionPaidAt: opts.paid === false ? null : new Date(), placeName: opts.placeName ?? '第一期' })
    .where(eq(studentProfiles.accountId, s.accountId));
  await t.db.insert(venueAssignments).values({ studentId: s.accountId, venueId, method: 'manual' });
  return s;
}

export async function makeRound(db: Db, o: { mode?: 'grab' | 'preference'; opensAt: Date; closesAt: Date; venueId?: number | null; categories?: CourseCategory[]; status?: 'draft' | 'open' | 'closed'; sessionKey?: 'first' | 'second' | 'third' }) {
  const [r] = await db
    .insert(selectionRounds)
    .values({
      name: '第一轮',
      sessionKey: o.sessionKey ?? 'first',
      venueId: o.venueId ?? null,
      categories: o.categories ?? ['major', 'seminar', 'fc', 'cw', 'master_class', 'capstone'],
      mode: o.mode ?? 'grab',
      opensAt: o.opensAt,
      closesAt: o.closesAt,
      status: o.status ?? 'open',
    })
    .returning();
  return r!;
}

