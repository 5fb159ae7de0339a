import { describe, expect, it } from 'vitest';
import { STUDENT_FORM_NAMES } from './application.ts';
import { studentFormQuerySchema, studentFormRequestSchema } from './api/application.ts';
import { NOTICE_FORM_NAMES, isOfflineToOnlineDue, isReservedFormName, onlineNoticeStateSchema } from './notice.ts';

describe('reserved form names', () => {
  it('are never among the names the public form endpoint accepts', () => {
    for (const name of Object.values(NOTICE_FORM_NAMES)) expect(isReservedFormName(name)).toBe(true);
    for (const name of STUDENT_FORM_NAMES) expect(isReservedFormName(name)).toBe(false);
  });

  it('are refused by the public form request and query schemas', () => {
    for (const name of Object.values(NOTICE_FORM_NAMES)) {
      expect(studentFormRequestSchema.safeParse({ form_name: name, value: { chosen: 'online' } }).success).toBe(false);
      expect(studentFormQuerySchema.safeParse({ form_name: name }).success).toBe(false);
    }
  });
});

describe('offline-to-online', () => {
  it('is due only for a student who paid tuition and has not answered', () => {
    expect(isOfflineToOnlineDue({ concerned: true, answered: false })).toBe(true);
    expect(isOfflineToOnlineDue({ concerned: true, answered: true })).toBe(false);
    expect(isOfflineToOnlineDue({ concerned: false, answered: false })).toBe(false);
  });

  it('state schema accepts the two shapes the api sends', () => {
    expect(onlineNoticeStateSchema.safeParse({ read_at: null, offline_to_online: null, concerned: false, offline_to_online_due: false, switch_notice: null }).success).toBe(true);
    const at = new Date().toISOString();
    expect(onlineNoticeStateSchema.safeParse({ read_at: at, offline_to_online: { chosen: 'online', at }, concerned: true, offline_to_online_due: false, switch_notice: { dates: '7月17日—8月22日', difference_fen: 200000, refund_deadline: at } }).success).toBe(true);
    expect(onlineNoticeStateSchema.safeParse({ read_at: at, offline_to_online: { chosen: 'refund', at }, concerned: true, offline_to_online_due: false, switch_notice: null }).success).toBe(false);
  });
});
