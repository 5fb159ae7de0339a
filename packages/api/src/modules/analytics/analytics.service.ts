import type { Readable } from 'node:stream';
import {
  AppError,
  BATCH_KIND_LABELS,
  FUNNEL_GROUP_ROWS_MAX,
  FUNNEL_MAX_DAYS,
  FUNNEL_STAGES,
  FUNNEL_STAGE_LABELS,
  ANALYTICS_MSG,
  SIGNUP_STATUS_LABELS,
  analyticsSchoolId,
  analyticsUserType,
  batchOf,
  beijingDayOf,
  beijingDayStart,
  funnelConversions,
  signupStatusOfStamps,
  type AnalyticsExportQuery,
  type AnalyticsProfile,
  type FunnelQuery,
  type FunnelReport,
} from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import { beijingTime, keysetBatches, streamSheet, type SheetColumn } from '../../exports/sheet-stream.ts';
import { regionCatalog } from '../region/region-catalog.ts';
import { findProfile, funnelByGroup, funnelSeries, funnelTotals, profilePage, type FunnelFilter, type ProfileRow } from './analytics.repo.ts';

const DAY_MS = 86_400_000;
const UNKNOWN = '未填写';

function filterOf(q: AnalyticsExportQuery): FunnelFilter {
  return {
    from: q.from ? beijingDayStart(q.from) : undefined,
    to: q.to ? new Date(beijingDayStart(q.to).getTime() + DAY_MS) : undefined,
    batch: q.batch,
    province: q.province,
    school: q.school,
  };
}

function stateName(id: number | null | undefined): string {
  return id == null ? '' : (regionCatalog().stateById.get(id)?.name ?? String(id));
}

export async function funnelReport(ctx: AppContext, q: FunnelQuery): Promise<FunnelReport> {
  const f = filterOf(q);
  const [counts, groups, series] = await Promise.all([
    funnelTotals(ctx.db, f),
    funnelByGroup(ctx.db, f, q.group, q.group === 'day' ? FUNNEL_MAX_DAYS : FUNNEL_GROUP_ROWS_MAX),
    funnelSeries(ctx.db, f, FUNNEL_MAX_DAYS),
  ]);
  const labelOf = (key: string, label: string | null) => {
    if (q.group === 'batch') return BATCH_KIND_LABELS[key as 'early' | 'regular'] ?? key;
    if (key === '') return UNKNOWN;
    if (q.group === 'province') return stateName(Number(key));
    if (q.group === 'school') return label ?? key;
    return key;
  };
  return {
    stages: FUNNEL_STAGES.map((key) => ({ key, label: FUNNEL_STAGE_LABELS[key] })),
    counts,
    conversions: funnelConversions(counts),
    group: q.group,
    groups: groups.map((g) => ({ key: g.key, label: labelOf(g.key, g.label), counts: g.counts, conversions: funnelConversions(g.counts) })),
    series,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function profileOut(r: ProfileRow): AnalyticsProfile {
  const catalog = regionCatalog();
  return {
    user_unique_id: String(r.accountId),
    user_phone: r.phoneCode === '86' ? r.phone : `+${r.phoneCode} ${r.phone}`,
    user_email: r.email,
    gender: r.gender,
    user_country: r.countryId == null ? '' : (catalog.countryById.get(r.countryId)?.name ?? String(r.countryId)),
    user_state: stateName(r.stateId),
    city: r.cityId == null ? '' : (catalog.cityById.get(r.cityId)?.name ?? String(r.cityId)),
    user_school: analyticsSchoolId(r.schoolId),
    user_school_name: r.schoolName ?? '',
    user_batch: batchOf(r.batchStr),
    user_signup_status: signupStatusOfStamps(r),
    user_type: analyticsUserType(r.activeType),
    activated_at: r.activatedAt.toISOString(),
    info_completed_at: iso(r.infoCompletedAt),
    basic_info_completed_at: iso(r.step1SubmittedAt),
    paid_at: iso(r.applyPaidAt),
    application_finished_at: iso(r.step2SubmittedAt),
  };
}

export async function getProfile(ctx: AppContext, userId: number): Promise<AnalyticsProfile> {
  const row = await findProfile(ctx.db, userId);
  if (!row) throw AppError.notFound(ANALYTICS_MSG.STUDENT_NOT_FOUND);
  return profileOut(row);
}

const GENDER_LABELS: Record<number, string> = { 1: '男', 2: '女' };

export const PROFILE_COLUMNS: readonly SheetColumn<AnalyticsProfile>[] = [
  { header: '用户编号', value: (p) => p.user_unique_id },
  { header: '手机号', width: 16, value: (p) => p.user_phone },
  { header: '邮箱', width: 24, value: (p) => p.user_email ?? '' },
  { header: '性别', width: 6, value: (p) => (p.gender == null ? '' : (GENDER_LABELS[p.gender] ?? '')) },
  { header: '国家', value: (p) => p.user_country },
  { header: '省份', value: (p) => p.user_state },
  { header: '城市', value: (p) => p.city },
  { header: '学校编号', value: (p) => p.user_school },
  { header: '学校', width: 24, value: (p) => p.user_school_name },
  { header: '批次', value: (p) => BATCH_KIND_LABELS[p.user_batch] },
  { header: '报名状态', value: (p) => SIGNUP_STATUS_LABELS[p.user_signup_status] },
  { header: '用户类型', value: (p) => (p.user_type === 'volunteer' ? '志愿者' : '学生') },
  { header: '注册时间', width: 17, value: (p) => beijingTime(p.activated_at) },
  { header: '完善信息时间', width: 17, value: (p) => beijingTime(p.info_completed_at) },
  { header: '报名时间', width: 17, value: (p) => beijingTime(p.basic_info_completed_at) },
  { header: '缴费时间', width: 17, value: (p) => beijingTime(p.paid_at) },
  { header: '申请完成时间', width: 17, value: (p) => beijingTime(p.application_finished_at) },
];

/** The analytics profiles of the funnel's current filter, streamed in keyset batches. */
export function exportProfiles(ctx: AppContext, q: AnalyticsExportQuery): { fileName: string; stream: Readable } {
  const f = filterOf(q);
  async function* profiles() {
    for await (const rows of keysetBatches((after, limit) => profilePage(ctx.db, f, after, limit), (r) => r.accountId)) yield rows.map(profileOut);
  }
  const day = beijingDayOf(ctx.now()).replace(/-/g, '');
  return { fileName: `学生分析档案-${day}.xlsx`, stream: streamSheet('分析档案', PROFILE_COLUMNS, profiles()) };
}
