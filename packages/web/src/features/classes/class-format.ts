import dayjs from 'dayjs';
import { CLASS_COURSE_PHASE_LABELS, LETTER_STATUS_LABELS, type ClassCourse, type LetterStatus } from '@summit/domain/api/classes';
import { COURSE_CATEGORY_LABELS } from '@summit/domain/course-terms';

/** Beijing wall-clock time: 8月11日 09:00. */
export const beijingTime = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('M月D日 HH:mm');
export const beijingClock = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('HH:mm');
export const beijingDate = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('YYYY年M月D日');

export const phaseLabel = (c: Pick<ClassCourse, 'phase'>) => CLASS_COURSE_PHASE_LABELS[c.phase];
export const categoryLabel = (c: Pick<ClassCourse, 'category'>) => COURSE_CATEGORY_LABELS[c.category];
export const letterStatusLabel = (s: LetterStatus) => LETTER_STATUS_LABELS[s];

/** The detail page of a course: master classes and capstones have their own spec routes. */
export function classCoursePath(c: Pick<ClassCourse, 'id' | 'period' | 'category'>): string {
  if (c.category === 'master_class') return `/student/course/mc-detail/${c.id}`;
  if (c.category === 'capstone') return `/student/course/capstone-report/${c.id}`;
  return `/student/manage/course-detail/${c.id}/${c.period}`;
}

/** Every meeting of the courses, earliest first, with its course. */
export function meetingsInOrder(courses: readonly ClassCourse[]) {
  return courses
    .flatMap((c) => c.meetings.map((m) => ({ ...m, course: c })))
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
}
