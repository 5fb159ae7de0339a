import dayjs from 'dayjs';
import { ATTENDANCE_LABELS, type AttendanceStatus } from '@summit/domain/api/teaching';
import { SESSION_NAMES, type SessionKey } from '@summit/domain/programme-terms';
import { adminCourseDetailPath, teacherCourseDetailPath } from '../../lib/paths.ts';

/** 8月11日 周二 08:00–09:30, Beijing time. */
export function formatMeetingTime(starts: string, ends?: string): string {
  const start = dayjs(starts).tz('Asia/Shanghai');
  const head = `${start.month() + 1}月${start.date()}日 周${'日一二三四五六'[start.day()]} ${start.format('HH:mm')}`;
  return ends ? `${head}–${dayjs(ends).tz('Asia/Shanghai').format('HH:mm')}` : head;
}

export function formatClock(at: string): string {
  return dayjs(at).tz('Asia/Shanghai').format('HH:mm:ss');
}

export function sessionName(key: SessionKey): string {
  return SESSION_NAMES[key];
}

export function attendanceLabel(status: AttendanceStatus | null): string {
  return status ? ATTENDANCE_LABELS[status] : '未签到';
}

/** Admin pages sit under /admin, teachers' under /teacher: the same page serves both. */
export function areaOf(pathname: string): 'admin' | 'teacher' {
  return pathname.startsWith('/admin/') ? 'admin' : 'teacher';
}

/** The course page a sign-in belongs to (返回课程), in the area the page was opened from: the admin's lands on its 签到 tab. */
export function signCoursePath(area: 'teacher' | 'admin', sign: { course_id: number; course_period: number }): string {
  return area === 'admin' ? adminCourseDetailPath(sign.course_id, sign.course_period, 'signs') : teacherCourseDetailPath(sign.course_id, sign.course_period);
}
