/**
 * The demo's live class (decision 051): 王老师 teaches 「课堂签到演示」 with a two-hour meeting starting at
 * the current hour on each of the next 14 days, so a fresh demo always has a meeting to open a sign-in for; the paid
 * Shanghai student (13900000007) holds a seat in it, and 李老师 (TF) assists; 陈老师 (CSL) looks after the first house.
 * Idempotent by the course code.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { courseMeetings, courses, houses } from '../db/schema-courses.ts';
import { enrolments } from '../db/schema-course-centre.ts';
import { courseAssistants, cslHouses } from '../db/schema-teaching.ts';

export const DEMO_LIVE_COURSE_CODE = 'DEMO-LIVE';
const HOUR = 3_600_000;

export async function seedDemoTeaching(tx: Db, options: { adminId: number; now: Date }): Promise<void> {
  const people = await tx.select({ id: accounts.id, phone: accounts.phone, role: accounts.role }).from(accounts).where(inArray(accounts.phone, ['13800000002', '13800000003', '13800000004', '13900000007']));
  const byPhone = new Map(people.map((p) => [p.phone, p.id]));
  // The demo CSL looks after the first house, so 学院学生 names its house from the start (its students appear
  // once an admin sorts a venue's houses and publishes the result).
  const chen = byPhone.get('13800000004');
  const [firstHouse] = await tx.select({ id: houses.id }).from(houses).orderBy(asc(houses.sort), asc(houses.id)).limit(1);
  if (chen !== undefined && firstHouse) await tx.insert(cslHouses).values({ accountId: chen, houseId: firstHouse.id }).onConflictDoNothing();
  const wang = byPhone.get('13800000002');
  if (wang === undefined) return;
  const [course] = await tx
    .insert(courses)
    .values({ code: DEMO_LIVE_COURSE_CODE, title: '课堂签到演示', teacherId: wang, teacherName: '王老师', category: 'seminar', sessionKey: 'first', period: 1, capacity: 30, description: '演示课程：老师开启签到，学生扫码签到。', createdAt: options.now, updatedAt: options.now })
    .onConflictDoNothing()
    .returning({ id: courses.id });
  if (!course) return;
  const hour = Math.floor(options.now.getTime() / HOUR) * HOUR;
  await tx.insert(courseMeetings).values(Array.from({ length: 14 }, (_, d) => ({ courseId: course.id, startsAt: new Date(hour + d * 24 * HOUR), endsAt: new Date(hour + d * 24 * HOUR + 2 * HOUR), location: '线上课堂 签到演示' })));
  const student = byPhone.get('13900000007');
  if (student !== undefined) {
    await tx.insert(enrolments).values({ studentId: student, courseId: course.id, source: 'admin', createdAt: options.now });
    await tx.update(courses).set({ taken: sql`${courses.taken} + 1` }).where(and(eq(courses.id, course.id)));
  }
  const li = byPhone.get('13800000003');
  if (li !== undefined) await tx.insert(courseAssistants).values({ courseId: course.id, accountId: li, createdBy: options.adminId, createdAt: options.now }).onConflictDoNothing();
}
