import dayjs from 'dayjs';
import type { CentreCourse } from '@summit/domain/api/course-centre';
import { COURSE_CATEGORY_LABELS, COURSE_LANGUAGE_LABELS } from '@summit/domain/course-terms';

/** 8月11日 周二 08:00–09:30, Beijing time. */
export function formatMeeting(m: { starts_at: string; ends_at: string }): string {
  const start = dayjs(m.starts_at).tz('Asia/Shanghai');
  const end = dayjs(m.ends_at).tz('Asia/Shanghai');
  const weekday = '日一二三四五六'[start.day()];
  return `${start.month() + 1}月${start.date()}日 周${weekday} ${start.format('HH:mm')}–${end.format('HH:mm')}`;
}

export const categoryLabel = (c: CentreCourse['category']) => COURSE_CATEGORY_LABELS[c];
export const languageLabel = (l: CentreCourse['language']) => COURSE_LANGUAGE_LABELS[l];

/** Group a timetable by Beijing calendar day, each day's meetings in time order. */
export function byDay(courses: CentreCourse[]): Array<{ day: string; items: Array<{ course: CentreCourse; meeting: CentreCourse['meetings'][number] }> }> {
  const items = courses.flatMap((course) => course.meetings.map((meeting) => ({ course, meeting })));
  items.sort((a, b) => Date.parse(a.meeting.starts_at) - Date.parse(b.meeting.starts_at));
  const days = new Map<string, typeof items>();
  for (const item of items) {
    const d = dayjs(item.meeting.starts_at).tz('Asia/Shanghai');
    const key = `${d.month() + 1}月${d.date()}日 周${'日一二三四五六'[d.day()]}`;
    days.set(key, [...(days.get(key) ?? []), item]);
  }
  return [...days.entries()].map(([day, list]) => ({ day, items: list }));
}

/** Moves one element of an ordered list up (-1) or down (+1); out-of-range moves return the list unchanged. */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const out = [...list];
  [out[index], out[target]] = [out[target] as T, out[index] as T];
  return out;
}

/** Moves the element at `from` to position `to` (drag and drop). */
export function reorderItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** 8月11日 09:00 至 8月12日 20:00 (Beijing time), for a round's window. */
export function formatWindow(opensAt: string, closesAt: string): string {
  const f = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('M月D日 HH:mm');
  return `${f(opensAt)} 至 ${f(closesAt)}`;
}
