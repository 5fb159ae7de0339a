/**
 * The 'attendance_week' badges (decision 104): a week (Monday to Sunday, Beijing time) in which a student attended
 * every class sign-in of their courses. A durable daily job (02:00 Beijing) evaluates the last finished week, so a
 * teacher's late correction of the register on Monday still counts; awards are idempotent, so running it twice, or
 * on several processes, gives each student one award.
 */
import type { AppContext } from '../../http/context.ts';
import { registerJobHandler, scheduleJob } from '../jobs/job-runner.ts';
import { awardBadgesFor } from './badges.queries.ts';
import { studentsWithFullWeek } from './badges.repo.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BEIJING = 8 * HOUR;
export const ATTENDANCE_WEEK_JOB = 'badges-attendance-week';
const RUN_AT_BEIJING_HOUR = 2;

/** Monday 00:00 Beijing of the week `at` falls in. */
export function beijingWeekStart(at: Date): Date {
  const local = new Date(at.getTime() + BEIJING);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - sinceMonday * DAY;
  return new Date(midnight - BEIJING);
}

/** The week's key, its Monday's date (e.g. 2027-07-12), the award's source id. */
export function weekKey(start: Date): string {
  return new Date(start.getTime() + BEIJING).toISOString().slice(0, 10);
}

/** Awards the week's badges to every student who attended each of that week's sign-ins; returns how many awards were made. */
export async function evaluateAttendanceWeek(ctx: Pick<AppContext, 'db'>, weekStart: Date, now: Date): Promise<number> {
  const end = new Date(weekStart.getTime() + 7 * DAY);
  const students = await studentsWithFullWeek(ctx.db, weekStart, end);
  let made = 0;
  for (const id of students) made += (await awardBadgesFor(ctx.db, id, 'attendance_week', { kind: 'attendance-week', id: weekKey(weekStart), now })).length;
  return made;
}

/** The next 02:00 Beijing after `now`. */
export function nextAttendanceRunAt(now: Date): Date {
  const local = new Date(now.getTime() + BEIJING);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - BEIJING + RUN_AT_BEIJING_HOUR * HOUR;
  return new Date(today > now.getTime() ? today : today + DAY);
}

export function scheduleAttendanceWeek(ctx: Pick<AppContext, 'db'>, now: Date): Promise<boolean> {
  const runAt = nextAttendanceRunAt(now);
  return scheduleJob(ctx.db, { kind: ATTENDANCE_WEEK_JOB, key: `${ATTENDANCE_WEEK_JOB}@${runAt.toISOString()}`, runAt });
}

registerJobHandler(ATTENDANCE_WEEK_JOB, async (_payload, _job, ctx) => {
  await scheduleAttendanceWeek(ctx, ctx.now());
  const lastWeek = new Date(beijingWeekStart(ctx.now()).getTime() - 7 * DAY);
  await evaluateAttendanceWeek(ctx, lastWeek, ctx.now());
});
