/**
 * The activities module's published entry points for other modules (decision 100). A community feature ties its
 * records to an activity of its kind (a talent show to a 'talent-show' activity, Mission X missions to a 'mission-x'
 * activity) and asks here whether a student may take part and whether the activity is open.
 *
 * - `activityById(db, id)`: the row (published or not), or undefined.
 * - `activitiesOfKind(db, kind)`: every activity of the kind, published or not, earliest first.
 * - `activitiesForStudent(db, accountId, kind?)`: the published activities whose audience includes the student.
 * - `mayTakePart(db, activityId, accountId)`: published, and the audience (all / session / venue / house / course)
 *   includes this tuition-paid student. Staff and other roles never "take part".
 * - `activityWindow(activity, now)`: 'upcoming' | 'open' | 'closed' (opens_at ≤ now < closes_at is open).
 */
export { activityWindow } from '@summit/domain/activities';
export { activitiesForStudent, activitiesOfKind, activityById, mayTakePart, type ActivityRow } from './activities.repo.ts';
