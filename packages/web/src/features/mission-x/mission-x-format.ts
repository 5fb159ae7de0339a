import dayjs, { type Dayjs } from 'dayjs';
import { HAND_IN_STATUS_LABELS, MISSION_DELIVERABLE_LABELS, type HandIn, type MissionDeliverable } from '@summit/domain/mission-x';

/** What the student's button says for a mission: hand in, change before review, hand in again after a return. */
export function handInAction(state: 'upcoming' | 'open' | 'closed', handIn: Pick<HandIn, 'status'> | null): { label: string; enabled: boolean } {
  if (handIn?.status === 'accepted') return { label: '已通过', enabled: false };
  if (state !== 'open') return { label: state === 'upcoming' ? '尚未开始' : '已截止', enabled: false };
  if (!handIn) return { label: '提交任务', enabled: true };
  return handIn.status === 'returned' ? { label: '重新提交', enabled: true } : { label: '修改提交', enabled: true };
}

/** 文字、图片 / 文字或视频: what a mission asks for, in words. */
export function deliverablesText(deliverables: readonly MissionDeliverable[]): string {
  return deliverables.map((d) => MISSION_DELIVERABLE_LABELS[d]).join('、');
}

export function statusLabel(handIn: Pick<HandIn, 'status'> | null): string {
  return handIn ? HAND_IN_STATUS_LABELS[handIn.status] : '未提交';
}

/** The tag colour class of a hand-in status. */
export function statusTone(handIn: Pick<HandIn, 'status'> | null): 'none' | 'wait' | 'ok' | 'back' {
  if (!handIn) return 'none';
  return handIn.status === 'accepted' ? 'ok' : handIn.status === 'returned' ? 'back' : 'wait';
}

/** A picked Beijing wall-clock time as an instant (the pickers show Beijing time, dayjs-setup.ts). */
export function beijingWallClockToIso(picked: Dayjs): string {
  return dayjs.tz(picked.format('YYYY-MM-DD HH:mm:ss'), 'Asia/Shanghai').toISOString();
}
