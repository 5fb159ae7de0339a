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
    expect(isOfflineToOnlineDue({ tuitionPaid: true, answered: false })).toBe(true);
    expect(isOfflineToOnlineDue({ tuitionPaid: true, answered: true })).toBe(false);
    expect(isOfflineToOnlineDue({ tuitionPaid: false, answered: false })).toBe(false);
  });

  it('state schema accepts the two shapes the api sends', () => {
    expect(onlineNoticeStateSchema.safeParse({ read_at: null, offline_to_online: null, offline_to_online_due: false }).success).toBe(true);
    const at = new Date().toISOString();
    expect(onlineNoticeStateSchema.safeParse({ read_at: at, offline_to_online: { chosen: 'online', at }, offline_to_online_due: false }).success).toBe(true);
    expect(onlineNoticeStateSchema.safeParse({ read_at: at, offline_to_online: { chosen: 'refund', at }, offline_to_online_due: false }).success).toBe(false);
  });
});
