/**
 * The audit log console (操作日志, decision 060): read-only, searchable by actor, object and
 * time, with each row's before and after. There is no write route: rows are written only by the transactions
 * whose change they record.
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { DB_INT_MAX, boundedStringSchema, requestObjectSchema, timestampSchema } from './common.ts';

export const AUDIT_MSG = {
  RANGE: '结束时间不能早于开始时间',
  ENTITY: '对象类型格式不正确',
} as const;

export const AUDIT_PAGE_SIZE_MAX = 100;

const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional());
const queryInt = (max: number) => optionalQuery(z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(max, { error: MSG.PARAM_INVALID }));

/** GET /api/admin/audit. */
export const auditQuerySchema = requestObjectSchema({
  /** The actor: an account id (#12, or up to three digits), part of a phone number (four digits or more), or part of a name. */
  actor: optionalQuery(boundedStringSchema(50).trim()),
  /** The object's type as recorded (venue, course, admission_decision…). */
  entity: optionalQuery(boundedStringSchema(60).trim().regex(/^[a-z][a-z0-9_.-]*$/, { error: AUDIT_MSG.ENTITY })),
  /** The object's id, exact. */
  entity_id: optionalQuery(boundedStringSchema(100).trim()),
  /** Part of the action's name (create, update, house_cup.reverse…). */
  action: optionalQuery(boundedStringSchema(60).trim()),
  from: optionalQuery(z.iso.datetime({ offset: true, error: MSG.PARAM_INVALID })),
  to: optionalQuery(z.iso.datetime({ offset: true, error: MSG.PARAM_INVALID })),
  page: queryInt(100_000),
  page_size: queryInt(AUDIT_PAGE_SIZE_MAX),
}).refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { path: ['to'], error: AUDIT_MSG.RANGE });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditActorSchema = z.object({ id: z.number().int(), name: z.string(), role: z.string(), teacher_type: z.number().int().nullable(), is_admin: z.boolean() });
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** null: the system (a start-up step, a job) or an account since removed. */
  actor_id: z.number().int().nullable(),
  actor: auditActorSchema.nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: timestampSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/admin/audit/entities: the object types present, for the filter. */
export const auditEntitiesSchema = z.array(z.object({ entity: z.string(), label: z.string(), count: z.number().int() }));
export type AuditEntities = z.infer<typeof auditEntitiesSchema>;

/** Chinese names of the object types the platform records; an unknown type is shown as recorded. */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, string>> = {
  account: '账号',
  account_mfa: '两步验证',
  checkin_session: '签到',
  checklist_message: '入学清单通知',
  admission_decision: '录取决定',
  assignment: '作业',
  certificate: '证书',
  checklist_item: '入学清单',
  content_page: '页面内容',
  course: '课程',
  course_grade: '课程成绩',
  enrolment: '选课',
  essay: '写作',
  financial_aid_request: '助学金',
  health_form: '健康信息表',
  house: '学院',
  house_cup: '学院杯',
  office_hour: '答疑时间',
  onboarding_offering: '入学事项',
  placement: '会场与学院',
  programme: '项目',
  programme_application: '项目申请',
  recommendation_letter: '推荐信',
  selection_round: '选课轮次',
  settings: '设置',
  student: '学生',
  student_notice: '课程通知',
  submission: '作业提交',
  venue: '会场',
  // Community and WeCom (decisions 099–104).
  activity: '活动',
  badge: '徽章',
  badge_award: '徽章授予',
  honour: '荣誉榜',
  forum: '论坛',
  mission_x: '挑战任务',
  mission_x_hand_in: '挑战任务提交',
  talent_show: '才艺秀',
  games_quiz_round: '脑力奥赛轮次',
  campus_cluster: '社团',
  wecom_seminar: '说明会',
  wecom_counsellor: '咨询老师',
};

export function auditEntityLabel(entity: string): string {
  return AUDIT_ENTITY_LABELS[entity] ?? entity;
}

/**
 * Chinese names of the recorded actions, shown beside the code in the 操作日志 (decision 067). A few older rows use
 * a bare verb (create, update, …) whose object type says what was changed. An unknown action is shown as recorded.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: '新建',
  update: '修改',
  delete: '删除',
  book: '预约',
  cancel: '取消预约',
  request: '申请',
  submit: '提交',
  confirm: '确认',
  'account.sessions.revoke': '强制下线',
  'admin.create': '创建管理员',
  'admin.promote': '设为管理员',
  'admission.decision.save': '保存录取决定',
  'admission.decision.delete': '删除录取决定草稿',
  'admission.decision.withdraw': '撤回录取决定',
  'admission.decision.release': '发布录取结果',
  'programme.create': '新建项目',
  'programme.update': '修改项目设置',
  'programme.decision.save': '保存项目录取决定',
  'programme.decision.delete': '删除项目录取决定草稿',
  'programme.decision.release': '发布项目录取结果',
  'programme.decision.withdraw': '撤回项目录取结果',
  'allocation.dry_run': '试分配',
  'allocation.commit': '确认分配',
  'assignment.create': '布置作业',
  'assignment.update': '修改作业',
  'assignment.delete': '删除作业',
  'attendance.override': '修改出勤状态',
  'certificate.rule.update': '修改证书规则',
  'certificate.issue': '颁发证书',
  'certificate.revoke': '撤销证书',
  'certificate.reissue': '补发证书',
  'checklist.item.create': '新建清单事项',
  'checklist.item.update': '修改清单事项',
  'checklist.item.delete': '删除清单事项',
  'checklist.waive': '豁免清单事项',
  'checklist.unwaive': '取消豁免',
  'checklist.message': '发送清单通知',
  'content.draft.save': '保存页面草稿',
  'content.draft.discard': '放弃页面草稿',
  'content.publish': '发布页面',
  'course.create': '新建课程',
  'course.update': '修改课程',
  'course.delete': '删除课程',
  'course.import.create': '导入新建课程',
  'course.import.update': '导入修改课程',
  'course_assistant.add': '添加助教',
  'course_assistant.remove': '移除助教',
  'csl_house.set': '设置CSL学院',
  'enrolment.admin': '管理员加课',
  'enrolment.allocation': '分配选课',
  'enrolment.drop': '退课',
  'enrolment.grab': '抢课',
  'enrolment.waitlist': '候补补选',
  'essay.review': '批改写作',
  'financial_aid.decide': '审批助学金',
  'grade.components': '设置成绩构成',
  'grade.publish': '发布成绩',
  'grade.update': '修改成绩',
  'health.read': '查看健康信息',
  'health.read.denied': '查看健康信息（被拒）',
  'house.update': '修改学院',
  'house_cup.give': '学院杯加减分',
  'house_cup.reverse': '学院杯冲正',
  'message.create': '新建消息',
  'message.update': '修改消息',
  'message.delete': '删除消息',
  'message.send': '发送消息',
  'message_segment.create': '保存分群',
  'message_segment.delete': '删除分群',
  'mfa.admin_reset': '重置两步验证',
  'mfa.disable': '关闭两步验证',
  'mfa.enrol': '开启两步验证',
  'mfa.lockout': '两步验证锁定',
  'mfa.recovery.regenerate': '重新生成恢复码',
  'mfa.recovery.use': '使用恢复码',
  'mfa.verify': '两步验证',
  'notice.offline_to_online': '线下转线上确认',
  'notice.send': '发送课程通知',
  'office_hour.create': '发布答疑时段',
  'placement.house_latecomer': '补分学院',
  'placement.house_sort': '分配学院',
  'placement.publish': '设置结果发布',
  'placement.venue_move': '调整会场',
  'placement.venue_rule': '按规则分配会场',
  'recommendation_letter.draft': '保存推荐信草稿',
  'recommendation_letter.resend': '重发推荐信链接',
  'refund.request': '发起退款',
  'refund.approve': '批准退款',
  'refund.reject': '驳回退款',
  'refund.succeeded': '退款成功',
  'refund.failed': '退款失败',
  'settings.refund_policy.update': '修改退款政策',
  'school.recommendation.save': '学校推荐',
  'school.recommendation.withdraw': '撤回学校推荐',
  'selection_round.create': '新建选课轮次',
  'selection_round.update': '修改选课轮次',
  'selection_round.open': '开放选课轮次',
  'selection_round.closed': '关闭选课轮次',
  'selection_round.draft': '选课轮次退回草稿',
  'settings.deadlines.update': '修改截止时间',
  'settings.fees.update': '修改费用',
  'reconciliation.run': '执行对账',
  'reconciliation.mismatch.note': '填写对账差异处理说明',
  'settings.fee_plan.update': '修改缴费计划与逾期规则',
  'payment.due_date.extend': '延长缴费截止时间',
  'payment.overdue.release_place': '逾期未缴费撤销录取名额',
  'settings.house_rules': '修改学院规则',
  'settings.programme.update': '修改项目信息',
  'settings.security.update': '修改安全设置',
  'sign.open': '开启签到',
  'sign.close': '结束签到',
  'site.contact.update': '修改联系方式',
  'site.qr.update': '修改二维码',
  'staff.permission.health_read': '健康信息查看权限',
  'staff.create': '新建员工账号',
  'staff.update': '修改员工账号',
  'staff.password_reset': '重置员工密码',
  'student.update': '修改学生资料',
  'student.tags': '修改学生标签',
  'student.id_number.reveal': '查看完整证件号',
  'programme.visa.review': '审核签证材料',
  'programme.passport.reveal': '查看完整护照号码',
  'student.data_export': '导出学生个人数据',
  'student.erase': '删除学生个人数据',
  'submission.grade': '批改作业',
  'time_sheet.add': '登记工时',
  'time_sheet.edit': '修改工时',
  'time_sheet.approve': '通过工时',
  'time_sheet.reject': '退回工时',
  'venue.create': '新建会场',
  'venue.update': '修改会场',
  'venue.delete': '删除会场',
  // Community (decisions 100–104).
  'activity.create': '创建活动',
  'activity.update': '修改活动',
  'activity.publish': '发布活动',
  'activity.unpublish': '撤回活动',
  'badge.create': '新建徽章',
  'badge.update': '修改徽章',
  'badge_award.auto': '自动授予徽章',
  'badge_award.grant': '授予徽章',
  'badge_award.revoke': '撤销徽章',
  'honour.create': '新建荣誉',
  'honour.update': '修改荣誉',
  'honour.delete': '删除荣誉',
  'forum.board.create': '新建论坛版块',
  'forum.post.hide': '隐藏帖子',
  'forum.post.restore': '恢复帖子',
  'forum.reply.hide': '隐藏回复',
  'forum.reply.restore': '恢复回复',
  'forum.words.add': '添加敏感词',
  'forum.words.delete': '删除敏感词',
  'mission_x.create': '发布挑战任务',
  'mission_x.update': '修改挑战任务',
  'mission_x.withdraw': '撤回挑战任务',
  'mission_x.hand_in.accept': '通过挑战任务提交',
  'mission_x.hand_in.return': '退回挑战任务提交',
  'mission_x.hand_in.unaccept': '撤销通过挑战任务提交',
  'talent_show.entry.approve': '通过才艺秀作品',
  'talent_show.entry.hide': '隐藏才艺秀作品',
  'talent_show.sheet.save': '保存才艺秀评分',
  'talent_show.rules.update': '修改才艺秀评分规则',
  'cluster.create': '创建社团',
  'games.quiz_create': '创建脑力奥赛轮次',
  'games.quiz_push': '推送脑力奥赛题目',
  'games.quiz_end': '结束脑力奥赛轮次',
  // WeCom (decisions 098, 099).
  'wecom.signin': '企业微信登录',
  'wecom.link': '关联企业微信',
  'wecom.unlink': '解除企业微信关联',
  'wecom_seminar.create': '新建说明会',
  'wecom_seminar.update': '修改说明会',
  'wecom_counsellor.create': '新建咨询老师',
  'wecom_counsellor.update': '修改咨询老师',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** The 操作 filter's suggestions: every named action, its Chinese name first and its code after it. */
export function auditActionOptions(): { value: string; label: string }[] {
  return Object.entries(AUDIT_ACTION_LABELS).map(([code, label]) => ({ value: code, label: `${label}（${code}）` }));
}

/**
 * What the 操作 filter sends: the server matches part of the recorded code, so a Chinese name typed in full (or a
 * suggestion's text) becomes its code; anything else is sent as typed.
 */
export function auditActionQuery(text: string): string {
  const t = text.trim();
  const fromOption = /（([a-z][a-z0-9_.]*)）$/.exec(t);
  if (fromOption && AUDIT_ACTION_LABELS[fromOption[1]!] !== undefined) return fromOption[1]!;
  const byLabel = Object.entries(AUDIT_ACTION_LABELS).find(([, label]) => label === t);
  return byLabel ? byLabel[0] : t;
}

export interface AuditDiffLine {
  /** Dotted path of the field ('' when the whole value is not an object). */
  path: string;
  kind: 'added' | 'removed' | 'changed' | 'same';
  before: string;
  after: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as one readable line: text as is, everything else as compact JSON; absent as an empty string. */
export function auditValueText(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v) ?? '';
}

function flatten(value: unknown, prefix: string, depth: number, out: Map<string, unknown>) {
  if (isPlainObject(value) && depth < 3 && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, depth + 1, out);
    return;
  }
  out.set(prefix, value);
}

/**
 * A readable diff of an audit row: objects are flattened to dotted paths (three levels; deeper values and
 * arrays compare as JSON), each path marked added, removed, changed or same, changed lines first.
 */
export function auditDiff(before: unknown, after: unknown): AuditDiffLine[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', 0, a);
  if (after !== null && after !== undefined) flatten(after, '', 0, b);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const lines = paths.map((path): AuditDiffLine => {
    const inA = a.has(path);
    const inB = b.has(path);
    const x = auditValueText(a.get(path));
    const y = auditValueText(b.get(path));
    const kind = !inA ? 'added' : !inB ? 'removed' : x === y ? 'same' : 'changed';
    return { path, kind, before: inA ? x : '', after: inB ? y : '' };
  });
  const order = { changed: 0, added: 1, removed: 2, same: 3 } as const;
  return lines.sort((p, q) => order[p.kind] - order[q.kind]);
}
