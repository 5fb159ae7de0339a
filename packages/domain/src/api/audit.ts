/**
 * The audit log console (操作日志, issue 13 item 8, decision 060): read-only, searchable by actor, object and
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
  recommendation_letter: '推荐信',
  selection_round: '选课轮次',
  settings: '设置',
  student: '学生',
  student_notice: '课程通知',
  submission: '作业提交',
  venue: '会场',
};

export function auditEntityLabel(entity: string): string {
  return AUDIT_ENTITY_LABELS[entity] ?? entity;
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
