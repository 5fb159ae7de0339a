/** Pure display helpers of the admin pages (unit-tested without a DOM). */
import dayjs, { type Dayjs } from 'dayjs';
import { ANNUAL_INCOME_LABELS } from '@summit/domain/api/admission';
import { ADMISSION_DECISION_LABELS, FINANCIAL_AID_STATUS_LABELS, RELEASE_SKIP_LABELS, type AdmissionDecisionKind, type ReleaseResult } from '@summit/domain/api/admissions';
import type { Permission } from '@summit/domain/permissions';
import { formatFen } from '../money/money.ts';

/**
 * The console's groups (decision 088): every tab belongs to one, and the console shows the groups side by side so
 * all of them are in view at 1280 px; on a phone the section select lists them under the same headings.
 */
export const ADMIN_GROUPS = [
  { key: 'admissions', label: '招生' },
  { key: 'people', label: '人员' },
  { key: 'teaching', label: '课程与教学' },
  { key: 'money', label: '财务' },
  { key: 'programmes', label: '项目' },
  { key: 'site', label: '网站' },
  { key: 'operations', label: '运营' },
  { key: 'community', label: '社区' },
] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number]['key'];

/**
 * Each tab with the permission it needs (decision 063): a staff member sees only the tabs their type holds. In
 * console order, group by group; /admin itself opens the first one the person may open.
 */
export const ADMIN_TABS = [
  // 招生
  { key: 'applications', label: '申请管理', permission: 'admissions.decide', group: 'admissions' },
  { key: 'financial-aid', label: '助学金', permission: 'admissions.decide', group: 'admissions' },
  // Decision 066.
  { key: 'analytics', label: '数据分析', permission: 'analytics.read', group: 'admissions' },
  // Decision 099: the information seminar's counsellors, their rules and who added whom on WeCom.
  { key: 'wecom-seminar', label: '说明会顾问', permission: 'admissions.decide', group: 'admissions' },
  // 人员. Decision 062: the first tab staff see.
  { key: 'students', label: '学生管理', permission: 'students.read', group: 'people' },
  // Decision 063.
  { key: 'staff', label: '员工账号', permission: 'staff.manage', group: 'people' },
  // 课程与教学: the programme's structure (decision 039), then the courses' grades, attendance and sign-ins (decisions 051, 065).
  { key: 'sessions', label: '期次', permission: 'settings.edit', group: 'teaching' },
  { key: 'venues', label: '会场', permission: 'programme.edit', group: 'teaching' },
  { key: 'houses', label: '学院', permission: 'programme.edit', group: 'teaching' },
  { key: 'courses', label: '课程', permission: 'programme.edit', group: 'teaching' },
  { key: 'placement', label: '分配与发布', permission: 'programme.edit', group: 'teaching' },
  { key: 'selection-rounds', label: '选课轮次', permission: 'programme.edit', group: 'teaching' },
  { key: 'grades', label: '成绩', permission: 'programme.read', group: 'teaching' },
  { key: 'signs', label: '出勤', permission: 'programme.read', group: 'teaching' },
  { key: 'checkin', label: '签到', permission: 'checkin.manage', group: 'teaching' },
  // 财务. Decision 073: daily reconciliation with the providers' bills, and receipts.
  { key: 'settings', label: '费用与截止日期', permission: 'money.settings', group: 'money' },
  { key: 'refunds', label: '退款', permission: 'money.refund', group: 'money' },
  { key: 'reconciliation', label: '对账', permission: 'money.reconcile', group: 'money' },
  // 项目. Decision 075: every other programme's settings, applications and decisions.
  { key: 'programmes', label: '其他项目', permission: 'programmes.review', group: 'programmes' },
  // 网站
  { key: 'content', label: '页面内容', permission: 'content.edit', group: 'site' },
  { key: 'tracking', label: '访问统计', permission: 'analytics.read', group: 'site' },
  // 运营: onboarding (decision 046), messages (061), the house cup and the audit log (060), time-sheets (065).
  { key: 'onboarding', label: '入学事项', permission: 'programme.edit', group: 'operations' },
  { key: 'checklist', label: '入学清单', permission: 'checklist.manage', group: 'operations' },
  { key: 'messages', label: '消息', permission: 'messages.send', group: 'operations' },
  { key: 'house-cup', label: '学院杯', permission: 'house_cup.write', group: 'operations' },
  { key: 'time-sheets', label: '工时', permission: 'time_sheets.approve', group: 'operations' },
  { key: 'audit', label: '操作日志', permission: 'audit.read', group: 'operations' },
  // 社区 (decision 100): the summer's activities; the other community sections join this group.
  { key: 'activities', label: '活动', permission: 'community.manage', group: 'community' },
  // Decision 104: badges (Open Badges credentials), manual awards, revocation and the honour roll.
  { key: 'badges', label: '徽章与荣誉', permission: 'community.manage', group: 'community' },
  // Decision 102: the forum's moderation queue, the sensitive-word list and the programme boards.
  { key: 'forum', label: '论坛审核', permission: 'community.manage', group: 'community' },
] as const satisfies ReadonlyArray<{ key: string; label: string; permission: Permission; group: AdminGroup }>;
export type AdminTab = (typeof ADMIN_TABS)[number]['key'];
type AdminTabDef = (typeof ADMIN_TABS)[number];

/** The tabs a teacher with these permissions may open, in console order. */
export function visibleAdminTabs(permissions: readonly string[]): AdminTabDef[] {
  return ADMIN_TABS.filter((t) => permissions.includes(t.permission));
}

/** The tab of /admin/{tab}; anything unknown or not permitted shows the first tab the teacher may open. */
/** The visible tabs under their groups, leaving out groups with none of them. */
export function groupAdminTabs<T extends { group: AdminGroup }>(tabs: readonly T[]): Array<{ key: AdminGroup; label: string; tabs: T[] }> {
  return ADMIN_GROUPS.map((g) => ({ key: g.key, label: g.label, tabs: tabs.filter((t) => t.group === g.key) })).filter((g) => g.tabs.length > 0);
}

export function adminTabOf(param: string | undefined, visible: readonly AdminTabDef[] = ADMIN_TABS): AdminTab {
  return visible.find((t) => t.key === param)?.key ?? visible[0]?.key ?? 'applications';
}

/** Beijing time, to the minute; a dash when the step has not happened. */
export const formatTime = (iso: string | null | undefined) => (iso ? dayjs(iso).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm') : '—');

/** Release summary for the toast: how many went out and why the rest did not. */
/**
 * A date picker's value is the wall-clock time the admin chose, built in the browser's own time zone.
 * Deadlines are Beijing time wherever the admin sits: read the chosen wall clock as Asia/Shanghai.
 */
export function beijingWallClockToIso(picked: Dayjs): string {
  return dayjs.tz(picked.format('YYYY-MM-DD HH:mm:ss'), 'Asia/Shanghai').toISOString();
}

export function describeRelease(result: ReleaseResult): string {
  const head = `已发布 ${result.released} 个录取结果`;
  if (result.skipped.length === 0) return head;
  const reasons = result.skipped.map((s) => `#${s.user_id} ${RELEASE_SKIP_LABELS[s.reason]}`).join('；');
  return `${head}，跳过 ${result.skipped.length} 个（${reasons}）`;
}

/** One line of what the student asked for (family size, income band, the start of the reason). */
export function aidRequestSummary(value: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof value.family_members === 'number') parts.push(`家庭人口 ${value.family_members}`);
  if (typeof value.annual_income === 'string') parts.push(`年收入 ${ANNUAL_INCOME_LABELS[value.annual_income as keyof typeof ANNUAL_INCOME_LABELS] ?? value.annual_income}`);
  const reason = typeof value.reason === 'string' ? value.reason.trim() : '';
  if (reason) parts.push(reason.length > 40 ? `${reason.slice(0, 40)}…` : reason);
  return parts.join('；') || '—';
}

function describeSnapshot(v: unknown): string {
  if (!v || typeof v !== 'object') return '无';
  const o = v as Record<string, unknown>;
  if (typeof o.decision === 'string') {
    const label = ADMISSION_DECISION_LABELS[o.decision as AdmissionDecisionKind] ?? o.decision;
    const place = [o.place_name, o.professional_track].filter(Boolean).join(' · ');
    return `${label}${place ? `（${place}）` : ''}${o.released_at ? ' 已发布' : ' 草稿'}`;
  }
  if (typeof o.status === 'string') {
    const s = FINANCIAL_AID_STATUS_LABELS[o.status as keyof typeof FINANCIAL_AID_STATUS_LABELS] ?? o.status;
    return typeof o.granted_fen === 'number' && o.granted_fen > 0 ? `${s} ${formatFen(o.granted_fen)}` : s;
  }
  return JSON.stringify(v);
}

/** An audit row's before → after, in words. */
export function describeChange(before: unknown, after: unknown): string {
  return `${describeSnapshot(before)} → ${describeSnapshot(after)}`;
}
