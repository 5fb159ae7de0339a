/**
 * Staff permissions (decision 063): one table of what each teacher type may do in the admin
 * console, and which permission every /api/admin route needs. Pure data: the api's auth hook enforces it on
 * every admin request, services call `can` for finer checks, and the web shows a staff member only their tabs.
 */
import { isAdminTeacher, type TeacherType } from './roles.ts';

/** Every permission with the label staff see. Add a key here, then hand it to types and routes below. */
export const PERMISSIONS = {
  'admissions.decide': '申请审核、录取决定与助学金',
  'money.settings': '费用设置',
  'money.refund': '发起退款',
  'money.refund_approve': '审批大额退款',
  'money.reconcile': '对账、收据与催缴',
  'settings.edit': '系统设置（期次日程、截止日期、安全）',
  'content.edit': '页面内容与站点信息',
  'programme.read': '查看会场、学院、课程与分配',
  'programme.edit': '编辑会场、学院、课程、分配、选课与证书',
  'students.read': '查看学生与入学资料',
  'students.write': '编辑学生资料',
  'students.reveal_id': '查看完整证件号',
  'students.erase': '导出与删除学生个人数据',
  'checklist.manage': '入学清单',
  'messages.send': '发送消息',
  'house_cup.write': '学院杯加分与冲正',
  'community.manage': '社区活动（活动排期与发布、典礼出席、社区内容管理）',
  'checkin.manage': '签到',
  'time_sheets.approve': '审批志愿者工时',
  'analytics.read': '访问统计与转化分析',
  'audit.read': '操作日志',
  'staff.manage': '员工账号与权限',
  'programmes.manage': '其他项目的设置（表单、费用、内容）',
  'programmes.review': '其他项目的申请审核与录取',
  'programmes.documents': '其他项目的护照与签证审核',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as Permission[];

/**
 * Type 4 (工作人员) runs the programme day to day: students, the checklist, messages, sign-ins, the house cup and
 * time-sheets. Decisions on admission, money, page content, the programme's structure, staff accounts, full ID
 * numbers, erasure, analytics and the audit log stay with administrators (type 9 or is_admin).
 */
const STAFF_PERMISSIONS: readonly Permission[] = [
  'programme.read',
  'students.read',
  'students.write',
  'checklist.manage',
  'messages.send',
  'house_cup.write',
  'community.manage',
  'checkin.manage',
  'time_sheets.approve',
  'programmes.documents',
];

/** Teachers (1), TFs (2) and CSLs (3) use the teacher area only; administrators (9) hold every permission. */
export const TEACHER_TYPE_PERMISSIONS: Readonly<Record<TeacherType, readonly Permission[]>> = {
  1: [],
  2: [],
  3: [],
  4: STAFF_PERMISSIONS,
  9: PERMISSION_KEYS,
};

/** Who is asking: a teacher account's type and admin flag (any other role holds nothing). */
export interface PermissionSubject {
  role?: string;
  teacherType: number | null;
  isAdmin: boolean;
}

const TYPE_SETS = new Map<number, ReadonlySet<Permission>>(Object.entries(TEACHER_TYPE_PERMISSIONS).map(([type, list]) => [Number(type), new Set(list)]));
const NONE: ReadonlySet<Permission> = new Set();

function setOf(subject: PermissionSubject): ReadonlySet<Permission> | 'all' {
  if (subject.role !== undefined && subject.role !== 'teacher') return NONE;
  if (isAdminTeacher(subject.teacherType ?? 0, subject.isAdmin)) return 'all';
  return TYPE_SETS.get(subject.teacherType ?? 0) ?? NONE;
}

/** True when the subject holds the permission. Two lookups, no allocation: it runs on every admin request. */
export function can(subject: PermissionSubject, permission: Permission): boolean {
  const set = setOf(subject);
  return set === 'all' || set.has(permission);
}

/** The subject's permissions in table order (the teacher info response carries them to the web). */
export function permissionsOf(subject: PermissionSubject): Permission[] {
  const set = setOf(subject);
  return set === 'all' ? [...PERMISSION_KEYS] : PERMISSION_KEYS.filter((p) => set.has(p));
}

/**
 * The permission each admin route needs, keyed `METHOD url` with the url exactly as the route registers it.
 * A route missing here is refused to everyone but administrators, and a test over the registered routes fails
 * until it is classified: adding a route is one line.
 */
export const ADMIN_ROUTE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  // Staff accounts and security (decisions 036, 037, 047, 063).
  'GET /api/admin/staff': 'staff.manage',
  'POST /api/admin/staff': 'staff.manage',
  'PUT /api/admin/staff/:id': 'staff.manage',
  // WeCom links of staff accounts (decision 098).
  'GET /api/admin/wecom/staff-links': 'staff.manage',
  'PUT /api/admin/staff/:id/wecom': 'staff.manage',
  'DELETE /api/admin/staff/:id/wecom': 'staff.manage',
  'POST /api/admin/accounts/:id/sessions/revoke': 'staff.manage',
  'GET /api/admin/staff/mfa': 'staff.manage',
  'POST /api/admin/staff/:id/mfa/reset': 'staff.manage',
  'GET /api/admin/staff-permissions': 'staff.manage',
  'PUT /api/admin/staff-permissions/:account_id': 'staff.manage',
  'GET /api/admin/settings/security': 'settings.edit',
  'PUT /api/admin/settings/security': 'settings.edit',
  'GET /api/admin/audit': 'audit.read',
  'GET /api/admin/audit/entities': 'audit.read',
  'GET /api/admin/audit/export': 'audit.read',
  'GET /api/admin/tracking/page-views': 'analytics.read',
  'GET /api/admin/analytics/funnel': 'analytics.read',
  'GET /api/admin/analytics/profiles/:userId': 'analytics.read',
  'GET /api/admin/analytics/profiles/export': 'analytics.read',
  // Other programmes (decision 075).
  'GET /api/admin/programmes': 'programmes.review',
  'POST /api/admin/programmes': 'programmes.manage',
  'GET /api/admin/programmes/:code': 'programmes.review',
  'PUT /api/admin/programmes/:code': 'programmes.manage',
  'GET /api/admin/programmes/:code/applications': 'programmes.review',
  'GET /api/admin/programmes/:code/applications/:id': 'programmes.review',
  'PUT /api/admin/programmes/:code/applications/:id/decision': 'programmes.review',
  'DELETE /api/admin/programmes/:code/applications/:id/decision': 'programmes.review',
  'POST /api/admin/programmes/:code/release': 'programmes.review',
  'POST /api/admin/programmes/:code/applications/:id/decision/withdraw': 'programmes.review',
  'PUT /api/admin/programmes/:code/applications/:id/visa': 'programmes.documents',
  'GET /api/admin/programmes/:code/applications/:id/passport': 'students.reveal_id',
  // Money and programme settings.
  'GET /api/admin/settings/fees': 'money.settings',
  'PUT /api/admin/settings/fees': 'money.settings',
  // Refunds (decision 068): requesting and listing need money.refund, approving money.refund_approve.
  'GET /api/admin/settings/refund-policy': 'money.settings',
  'PUT /api/admin/settings/refund-policy': 'money.settings',
  'GET /api/admin/refunds': 'money.refund',
  'POST /api/admin/refunds/:refundNo/approve': 'money.refund_approve',
  'POST /api/admin/refunds/:refundNo/reject': 'money.refund_approve',
  'GET /api/admin/students/:userId/refunds': 'money.refund',
  'POST /api/admin/students/:userId/refunds': 'money.refund',
  // Receipts and daily reconciliation (decision 073).
  'GET /api/admin/reconciliation/runs': 'money.reconcile',
  'POST /api/admin/reconciliation/runs': 'money.reconcile',
  'GET /api/admin/reconciliation/mismatches': 'money.reconcile',
  'PUT /api/admin/reconciliation/mismatches/:id/note': 'money.reconcile',
  'GET /api/admin/reconciliation/export': 'money.reconcile',
  'GET /api/admin/orders/:orderNo/receipt': 'money.reconcile',
  'GET /api/admin/students/:userId/receipts': 'money.reconcile',
  'GET /api/admin/settings/fee-plan': 'money.settings',
  'PUT /api/admin/settings/fee-plan': 'money.settings',
  'PUT /api/admin/students/:userId/due-date': 'money.settings',
  'PUT /api/admin/programmes/:code/applications/:id/due-date': 'money.settings',
  'GET /api/admin/students/:userId/dues': 'money.settings',
  'GET /api/admin/programmes/:code/applications/:id/dues': 'money.settings',
  'GET /api/admin/settings/programme': 'settings.edit',
  'PUT /api/admin/settings/programme': 'settings.edit',
  'GET /api/admin/settings/deadlines': 'settings.edit',
  'PUT /api/admin/settings/deadlines': 'settings.edit',
  // Admissions and financial aid.
  'GET /api/admin/applications': 'admissions.decide',
  'POST /api/admin/applications/release': 'admissions.decide',
  'GET /api/admin/applications/:userId': 'admissions.decide',
  'PUT /api/admin/applications/:userId/decision': 'admissions.decide',
  'DELETE /api/admin/applications/:userId/decision': 'admissions.decide',
  'POST /api/admin/applications/:userId/decision/withdraw': 'admissions.decide',
  'GET /api/admin/financial-aid': 'admissions.decide',
  'PUT /api/admin/financial-aid/:userId': 'admissions.decide',
  'GET /api/admin/applications/export': 'admissions.decide',
  'GET /api/admin/financial-aid/export': 'admissions.decide',
  // The Students console (decision 062): bulk tags are an edit of each student.
  'GET /api/admin/students': 'students.read',
  'GET /api/admin/students/:userId/wecom': 'students.read',
  'GET /api/admin/students/export': 'students.read',
  'GET /api/admin/students/:userId': 'students.read',
  'PUT /api/admin/students/:userId': 'students.write',
  'POST /api/admin/students/tags': 'students.write',
  // Minors' data (decision 064): the masked summary with the student; the full number, the export and erasure apart.
  'GET /api/admin/students/:userId/privacy': 'students.read',
  'POST /api/admin/students/:userId/id-number/reveal': 'students.reveal_id',
  'GET /api/admin/students/:userId/data-export': 'students.erase',
  'POST /api/admin/students/:userId/erase': 'students.erase',
  // Content and site facts.
  'GET /api/admin/site/qr': 'content.edit',
  'PUT /api/admin/site/qr': 'content.edit',
  'GET /api/admin/site/contact': 'content.edit',
  'PUT /api/admin/site/contact': 'content.edit',
  'GET /api/admin/content/pages': 'content.edit',
  'GET /api/admin/content/page': 'content.edit',
  'PUT /api/admin/content/page/draft': 'content.edit',
  'POST /api/admin/content/page/publish': 'content.edit',
  'DELETE /api/admin/content/page/draft': 'content.edit',
  // Programme structure: staff read it (the house cup and messages pick houses and venues), admins change it.
  'GET /api/admin/selection-rounds': 'programme.read',
  'POST /api/admin/selection-rounds': 'programme.edit',
  'PUT /api/admin/selection-rounds/:id': 'programme.edit',
  'POST /api/admin/selection-rounds/:id/status': 'programme.edit',
  'POST /api/admin/selection-rounds/:id/dry-run': 'programme.edit',
  'GET /api/admin/selection-rounds/:id/runs': 'programme.read',
  'POST /api/admin/selection-rounds/:id/commit': 'programme.edit',
  'GET /api/admin/selection-rounds/:id/waitlists': 'programme.read',
  'GET /api/admin/placement': 'programme.read',
  'GET /api/admin/placement/students': 'programme.read',
  'POST /api/admin/placement/venue-rule': 'programme.edit',
  'POST /api/admin/placement/move': 'programme.edit',
  'POST /api/admin/placement/house-latecomers': 'programme.edit',
  'POST /api/admin/placement/house-sort': 'programme.edit',
  'PUT /api/admin/placement/publication': 'programme.edit',
  'PUT /api/admin/placement/house-rules': 'programme.edit',
  'GET /api/admin/venues': 'programme.read',
  'POST /api/admin/venues': 'programme.edit',
  'PUT /api/admin/venues/:id': 'programme.edit',
  'DELETE /api/admin/venues/:id': 'programme.edit',
  'GET /api/admin/houses': 'programme.read',
  'PUT /api/admin/houses/:id': 'programme.edit',
  'GET /api/admin/courses': 'programme.read',
  'POST /api/admin/courses': 'programme.edit',
  'PUT /api/admin/courses/:id': 'programme.edit',
  'DELETE /api/admin/courses/:id': 'programme.edit',
  'GET /api/admin/courses/export': 'programme.read',
  'GET /api/admin/courses/template': 'programme.edit',
  'GET /api/admin/teachers': 'programme.read',
  'POST /api/admin/courses/import': 'programme.edit',
  'GET /api/admin/assignment/:id': 'programme.read',
  'GET /api/admin/courses/:id/assistants': 'programme.read',
  'POST /api/admin/courses/:id/assistants': 'programme.edit',
  'DELETE /api/admin/courses/:id/assistants/:account_id': 'programme.edit',
  'GET /api/admin/csl-house': 'programme.read',
  'PUT /api/admin/csl-house/:account_id': 'programme.edit',
  'GET /api/admin/certificate-rule': 'programme.read',
  'PUT /api/admin/certificate-rule': 'programme.edit',
  'GET /api/admin/certificates': 'programme.read',
  'POST /api/admin/certificates/issue': 'programme.edit',
  'POST /api/admin/certificates/:id/revoke': 'programme.edit',
  'POST /api/admin/certificates/:id/reissue': 'programme.edit',
  'GET /api/admin/course-detail/:course_id/:period/students': 'programme.read',
  'GET /api/admin/course-detail/:course_id/:period/candidates': 'programme.read',
  'POST /api/admin/course-detail/:course_id/:period/students': 'programme.edit',
  'DELETE /api/admin/course-detail/:course_id/:period/students/:student_id': 'programme.edit',
  // Courses overview, grade distributions, attendance and a course's grades and signs tabs (decision 065).
  'GET /api/admin/courses/overview': 'programme.read',
  'GET /api/admin/courses/overview/export': 'programme.read',
  'GET /api/admin/grades': 'programme.read',
  'GET /api/admin/grades/export': 'programme.read',
  'GET /api/admin/signs/overview': 'programme.read',
  'GET /api/admin/signs/overview/export': 'programme.read',
  'GET /api/admin/course-detail/:course_id/:period/grades': 'programme.read',
  'GET /api/admin/course-detail/:course_id/:period/signs': 'programme.read',
  // Volunteers' and trainees' hours (decision 065).
  'GET /api/admin/time-sheets': 'time_sheets.approve',
  'GET /api/admin/time-sheets/export': 'time_sheets.approve',
  'GET /api/admin/time-sheets/entries/export': 'time_sheets.approve',
  'GET /api/admin/students/:userId/time-sheets': 'time_sheets.approve',
  'PUT /api/admin/students/:userId/time-sheets': 'time_sheets.approve',
  'GET /api/admin/onboarding': 'programme.read',
  'POST /api/admin/onboarding/offerings': 'programme.edit',
  'PUT /api/admin/onboarding/offerings/:id': 'programme.edit',
  'PUT /api/admin/onboarding/limited-paid': 'programme.edit',
  // Sign-ins.
  'GET /api/admin/signs': 'checkin.manage',
  // Students and their onboarding (health has its own grant on top, decision 047).
  'GET /api/admin/onboarding/signups': 'students.read',
  'GET /api/admin/onboarding/signups.xlsx': 'students.read',
  'GET /api/admin/onboarding/students/:student_id/forms': 'students.read',
  'GET /api/admin/onboarding/students/:student_id/health': 'students.read',
  'GET /api/admin/onboarding/addresses/export': 'students.read',
  // The checklist.
  'GET /api/admin/checklist/items': 'checklist.manage',
  'POST /api/admin/checklist/items': 'checklist.manage',
  'PUT /api/admin/checklist/items/:id': 'checklist.manage',
  'DELETE /api/admin/checklist/items/:id': 'checklist.manage',
  'GET /api/admin/checklist/progress': 'checklist.manage',
  'GET /api/admin/checklist/export': 'checklist.manage',
  'POST /api/admin/checklist/waive': 'checklist.manage',
  'POST /api/admin/checklist/message': 'checklist.manage',
  // House cup.
  'GET /api/admin/house-cup': 'house_cup.write',
  'GET /api/admin/house-cup/leaderboard': 'house_cup.write',
  'POST /api/admin/house-cup': 'house_cup.write',
  'PUT /api/admin/house-cup/:id': 'house_cup.write',
  'GET /api/admin/house-cup/export': 'house_cup.write',
  // Activities (decision 100).
  'GET /api/admin/activities': 'community.manage',
  'GET /api/admin/activities/options': 'community.manage',
  'GET /api/admin/activities/:id': 'community.manage',
  'POST /api/admin/activities': 'community.manage',
  'POST /api/admin/clusters': 'community.manage',
  'PUT /api/admin/activities/:id': 'community.manage',
  'PUT /api/admin/activities/:id/publish': 'community.manage',
  'GET /api/admin/activities/:id/attendance': 'community.manage',
  'GET /api/admin/activities/:id/attendance/export': 'community.manage',
  // Badges and the honour roll (decision 104): the catalogue, manual awards, revocation, honours.
  'GET /api/admin/badges': 'community.manage',
  'POST /api/admin/badges': 'community.manage',
  'PUT /api/admin/badges/:id': 'community.manage',
  'GET /api/admin/badge-awards': 'community.manage',
  'POST /api/admin/badges/:id/awards': 'community.manage',
  'POST /api/admin/badge-awards/:id/revoke': 'community.manage',
  'GET /api/admin/badges/students': 'community.manage',
  'GET /api/admin/honours': 'community.manage',
  'POST /api/admin/honours': 'community.manage',
  'PUT /api/admin/honours/:id': 'community.manage',
  'DELETE /api/admin/honours/:id': 'community.manage',
  // The forum's moderation from the console (decision 102): the queue, hide and restore, the word list, programme boards.
  'GET /api/admin/forum/queue': 'community.manage',
  'POST /api/admin/forum/posts/:id/hide': 'community.manage',
  'POST /api/admin/forum/posts/:id/restore': 'community.manage',
  'POST /api/admin/forum/replies/:id/hide': 'community.manage',
  'POST /api/admin/forum/replies/:id/restore': 'community.manage',
  'GET /api/admin/forum/words': 'community.manage',
  'POST /api/admin/forum/words': 'community.manage',
  'DELETE /api/admin/forum/words/:id': 'community.manage',
  'GET /api/admin/forum/boards': 'community.manage',
  'POST /api/admin/forum/boards': 'community.manage',
  // The information seminar's counsellors, their rules and sign-ups over WeCom (decision 099): admissions work.
  'GET /api/admin/wecom-seminar/counsellors': 'admissions.decide',
  'POST /api/admin/wecom-seminar/counsellors': 'admissions.decide',
  'PUT /api/admin/wecom-seminar/counsellors/:id': 'admissions.decide',
  'GET /api/admin/wecom-seminar/seminars': 'admissions.decide',
  'POST /api/admin/wecom-seminar/seminars': 'admissions.decide',
  'PUT /api/admin/wecom-seminar/seminars/:id': 'admissions.decide',
  'GET /api/admin/wecom-seminar/signups': 'admissions.decide',
  'GET /api/admin/wecom-seminar/signups/export': 'admissions.decide',
  // Messages.
  'GET /api/admin/messages': 'messages.send',
  'GET /api/admin/messages/export': 'messages.send',
  'POST /api/admin/messages': 'messages.send',
  'PUT /api/admin/messages/:id': 'messages.send',
  'DELETE /api/admin/messages/:id': 'messages.send',
  'POST /api/admin/messages/recipient-count': 'messages.send',
  'GET /api/admin/message-segments': 'messages.send',
  'POST /api/admin/message-segments': 'messages.send',
  'DELETE /api/admin/message-segments/:id': 'messages.send',
};

const ROUTE_MAP = new Map<string, Permission>(Object.entries(ADMIN_ROUTE_PERMISSIONS));

/** The permission a registered admin route needs (`url` as registered, with `:params`); undefined: unclassified. */
export function routePermission(method: string, url: string): Permission | undefined {
  return ROUTE_MAP.get(`${method} ${url}`);
}

/**
 * May the subject call this admin route? Administrators may call every route, classified or not; anyone else
 * needs the route's permission, so an unclassified route is closed to them until it has a row.
 */
export function mayCallAdminRoute(subject: PermissionSubject, method: string, url: string): boolean {
  const set = setOf(subject);
  if (set === 'all') return true;
  const permission = ROUTE_MAP.get(`${method} ${url}`);
  return permission !== undefined && set.has(permission);
}
