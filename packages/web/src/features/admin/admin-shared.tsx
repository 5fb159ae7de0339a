import { Tag } from 'antd';
import dayjs from 'dayjs';
import { ADMISSION_STAGE_LABELS, RELEASE_SKIP_LABELS, type AdmissionStage, type ReleaseResult } from '@summit/domain';

/** Beijing time, to the minute; a dash when the step has not happened. */
export const formatTime = (iso: string | null | undefined) => (iso ? dayjs(iso).tz().format('YYYY-MM-DD HH:mm') : '—');

const STAGE_COLORS: Record<AdmissionStage, string> = {
  step1: 'default',
  paid: 'blue',
  submitted: 'orange',
  decided: 'gold',
  released: 'green',
  tuition_paid: 'purple',
};

export function StageTag({ stage }: { stage: AdmissionStage }) {
  return <Tag color={STAGE_COLORS[stage]}>{ADMISSION_STAGE_LABELS[stage]}</Tag>;
}

/** Release summary for the toast/dialog: how many went out and why the rest did not. */
export function describeRelease(result: ReleaseResult): string {
  const head = `已发布 ${result.released} 个录取结果`;
  if (result.skipped.length === 0) return head;
  const reasons = result.skipped.map((s) => `#${s.user_id} ${RELEASE_SKIP_LABELS[s.reason]}`).join('；');
  return `${head}，跳过 ${result.skipped.length} 个（${reasons}）`;
}

