/** Columns of the 申请管理 and 助学金 exports (decisions 065, 066): Chinese headers, Beijing times, yuan with two decimals. */
import { ADMISSION_DECISION_LABELS, ADMISSION_STAGE_LABELS, FINANCIAL_AID_STATUS_LABELS, type AdminAidItem, type AdminApplicationItem } from '@summit/domain';
import { MONEY_FORMAT, beijingTime, yuanCell, type SheetColumn } from '../../exports/sheet-stream.ts';

export const APPLICATION_COLUMNS: readonly SheetColumn<AdminApplicationItem>[] = [
  { header: '学生编号', value: (r) => r.user_id },
  { header: '姓名', value: (r) => r.name },
  { header: '手机号', width: 16, value: (r) => r.phone },
  { header: '学校', width: 24, value: (r) => r.school_name ?? '' },
  { header: '省份', value: (r) => r.province ?? '' },
  { header: '批次', width: 8, value: (r) => r.batch ?? '' },
  { header: '进度', value: (r) => ADMISSION_STAGE_LABELS[r.stage] },
  { header: '录取结果', value: (r) => (r.decision ? `${ADMISSION_DECISION_LABELS[r.decision.decision]}${r.decision.released ? '' : '（未发布）'}` : '') },
  { header: '第一步提交时间', width: 17, value: (r) => beijingTime(r.step1_submitted_at) },
  { header: '申请费缴纳时间', width: 17, value: (r) => beijingTime(r.apply_paid_at) },
  { header: '第二步提交时间', width: 17, value: (r) => beijingTime(r.step2_submitted_at) },
  { header: '学费缴纳时间', width: 17, value: (r) => beijingTime(r.tuition_paid_at) },
];

const text = (v: unknown) => (v == null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

export const AID_COLUMNS: readonly SheetColumn<AdminAidItem>[] = [
  { header: '学生编号', value: (r) => r.user_id },
  { header: '姓名', value: (r) => r.name },
  { header: '手机号', width: 16, value: (r) => r.phone },
  { header: '学校', width: 24, value: (r) => r.school_name ?? '' },
  { header: '家庭人数', value: (r) => text(r.value.family_members) },
  { header: '家庭年收入', width: 16, value: (r) => text(r.value.annual_income) },
  { header: '申请理由', width: 40, value: (r) => text(r.value.reason) },
  { header: '状态', value: (r) => FINANCIAL_AID_STATUS_LABELS[r.status] },
  { header: '批准金额（元）', width: 14, numFmt: MONEY_FORMAT, value: (r) => (r.status === 'granted' ? yuanCell(r.granted_fen) : null) },
  { header: '学费（元）', width: 14, numFmt: MONEY_FORMAT, value: (r) => yuanCell(r.tuition_fen) },
  { header: '应缴学费（元）', width: 14, numFmt: MONEY_FORMAT, value: (r) => yuanCell(Math.max(0, r.tuition_fen - (r.status === 'granted' ? r.granted_fen : 0))) },
  { header: '学费已缴', width: 8, value: (r) => (r.tuition_paid ? '是' : '否') },
  { header: '申请时间', width: 17, value: (r) => beijingTime(r.created_at) },
  { header: '审核时间', width: 17, value: (r) => beijingTime(r.decided_at) },
];
