import { describe, expect, it } from 'vitest';
import { deliverablesText, handInAction, statusLabel, statusTone } from './mission-x-format.ts';

describe('Mission X wording', () => {
  it('names the student’s next step by the mission’s state and their hand-in', () => {
    expect(handInAction('open', null)).toEqual({ label: '提交任务', enabled: true });
    expect(handInAction('open', { status: 'submitted' })).toEqual({ label: '修改提交', enabled: true });
    expect(handInAction('open', { status: 'returned' })).toEqual({ label: '重新提交', enabled: true });
    expect(handInAction('open', { status: 'accepted' })).toEqual({ label: '已通过', enabled: false });
    expect(handInAction('closed', null)).toEqual({ label: '已截止', enabled: false });
    expect(handInAction('upcoming', null)).toEqual({ label: '尚未开始', enabled: false });
    expect(handInAction('closed', { status: 'accepted' }).label).toBe('已通过');
  });

  it('says what a mission asks for and where a hand-in stands', () => {
    expect(deliverablesText(['text', 'image'])).toBe('文字、图片');
    expect(statusLabel(null)).toBe('未提交');
    expect(statusLabel({ status: 'returned' })).toBe('已退回');
    expect(statusTone({ status: 'accepted' })).toBe('ok');
    expect(statusTone({ status: 'submitted' })).toBe('wait');
    expect(statusTone(null)).toBe('none');
  });
});
