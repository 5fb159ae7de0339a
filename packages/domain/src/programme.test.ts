import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROGRAMME_FACTS,
  PROGRAMME_MSG,
  batchTermLabel,
  chineseMonthDayTime,
  isConcernedBySwitch,
  nextProgrammeFacts,
  programmeFactsUpdateRequestSchema,
  programmeRange,
} from './programme.ts';

const { switched_to_online_at: _switched, ...body } = DEFAULT_PROGRAMME_FACTS;

describe('programme facts', () => {
  it('the demo programme is online from the start and concerns nobody', () => {
    expect(DEFAULT_PROGRAMME_FACTS.mode).toBe('online');
    expect(isConcernedBySwitch(DEFAULT_PROGRAMME_FACTS, new Date('2020-01-01T00:00:00Z'))).toBe(false);
  });

  it('concerns a student who paid before the switch, not after it, and nobody while offline', () => {
    const switched = { mode: 'online' as const, switched_to_online_at: '2027-06-01T00:00:00.000Z' };
    expect(isConcernedBySwitch(switched, new Date('2027-05-31T23:59:59Z'))).toBe(true);
    expect(isConcernedBySwitch(switched, new Date('2027-06-01T00:00:00Z'))).toBe(false);
    expect(isConcernedBySwitch(switched, null)).toBe(false);
    expect(isConcernedBySwitch({ mode: 'offline', switched_to_online_at: null }, new Date('2027-05-01T00:00:00Z'))).toBe(false);
  });

  it('stamps the switch time on offline → online only, and clears it on → offline', () => {
    const now = new Date('2027-06-01T00:00:00Z');
    const offline = nextProgrammeFacts(DEFAULT_PROGRAMME_FACTS, { ...body, mode: 'offline' }, now);
    expect(offline.switched_to_online_at).toBeNull();
    const switched = nextProgrammeFacts(offline, { ...body, mode: 'online' }, now);
    expect(switched.switched_to_online_at).toBe(now.toISOString());
    const later = nextProgrammeFacts(switched, { ...body, name: '新名称' }, new Date('2027-07-01T00:00:00Z'));
    expect(later.switched_to_online_at).toBe(now.toISOString());
    expect(nextProgrammeFacts(DEFAULT_PROGRAMME_FACTS, body, now).switched_to_online_at).toBeNull();
    // Undo: online from the start again; the flag is not stored.
    const cleared = nextProgrammeFacts(switched, { ...body, clear_switch: true }, now);
    expect(cleared.switched_to_online_at).toBeNull();
    expect(cleared).not.toHaveProperty('clear_switch');
  });

  it('refuses sessions out of order or ending before they start, naming the field', () => {
    const swapped = { ...body, sessions: [body.sessions[1], body.sessions[0], body.sessions[2]] };
    const r1 = programmeFactsUpdateRequestSchema.safeParse(swapped);
    expect(r1.success ? null : r1.error.issues[0]?.path).toEqual(['sessions', 0, 'key']);
    const backwards = { ...body, sessions: body.sessions.map((s, i) => (i === 2 ? { ...s, ends_at: s.starts_at } : s)) };
    const r2 = programmeFactsUpdateRequestSchema.safeParse(backwards);
    expect(r2.success ? null : r2.error.issues[0]).toMatchObject({ path: ['sessions', 2, 'ends_at'], message: PROGRAMME_MSG.SESSION_ORDER });
    expect(programmeFactsUpdateRequestSchema.safeParse({ ...body, difference_fen: -1 }).success).toBe(false);
    expect(programmeFactsUpdateRequestSchema.safeParse(body).success).toBe(true);
  });

  it('writes dates in Beijing time', () => {
    expect(programmeRange(DEFAULT_PROGRAMME_FACTS.sessions)).toBe('7月17日—8月22日');
    expect(chineseMonthDayTime(DEFAULT_PROGRAMME_FACTS.difference_refund_deadline)).toBe('8月3日 23:59');
    expect(batchTermLabel('EB1')).toBe('提前批I（EB1）');
  });
});
