import { Tag } from 'antd';
import { ADMISSION_STAGE_LABELS, type AdmissionStage } from '@summit/domain/api/admissions';

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
