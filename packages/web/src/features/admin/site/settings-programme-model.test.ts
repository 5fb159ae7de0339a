import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { DEFAULT_PROGRAMME_FACTS, programmeFactsUpdateRequestSchema, type ProgrammeFacts } from '@summit/domain/programme';
import { programmeFieldOf, programmeFormOf, programmeRequestOf } from './settings-programme-model.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const facts: ProgrammeFacts = {
  ...DEFAULT_PROGRAMME_FACTS,
  fees: { apply_fen: 50_000, tuition_fen: 1_680_000 },
  deadlines: { EB1: '2027-01-15T15:59:59.000Z', EB2: '2027-03-01T15:59:59.000Z', RD: '2027-04-30T15:59:59.000Z', MRD: '2027-05-15T15:59:59.000Z' },
  updated_at: null,
};

describe('the 项目信息 form', () => {
  it('round-trips the stored facts through Beijing wall clocks and yuan into a valid request', () => {
    const form = programmeFormOf(facts);
    expect(form.difference_yuan).toBe(2000);
    expect(form.sessions.second?.[0].format('YYYY-MM-DD HH:mm')).toBe('2027-07-29 23:00');
    const body = programmeRequestOf(form);
    expect(programmeFactsUpdateRequestSchema.parse(body)).toEqual({ ...body });
    expect(body.sessions).toEqual(DEFAULT_PROGRAMME_FACTS.sessions);
    expect(body.difference_fen).toBe(200_000);
    expect(body.difference_refund_deadline).toBe(DEFAULT_PROGRAMME_FACTS.difference_refund_deadline);
  });

  it('sends an empty picker as it is, so the server names the field', () => {
    const form = { ...programmeFormOf(facts), refund_deadline: null, sessions: { ...programmeFormOf(facts).sessions, third: null } };
    const body = programmeRequestOf(form);
    const r = programmeFactsUpdateRequestSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(body.sessions[2]).toEqual({ key: 'third', starts_at: '', ends_at: '' });
  });

  it('maps the server field of a 4003 to the form field', () => {
    expect(programmeFieldOf('sessions.1.ends_at')).toEqual(['sessions', 'second']);
    expect(programmeFieldOf('difference_fen')).toEqual(['difference_yuan']);
    expect(programmeFieldOf('difference_refund_deadline')).toEqual(['refund_deadline']);
    expect(programmeFieldOf('name')).toEqual(['name']);
    expect(programmeFieldOf('other')).toBeNull();
    expect(programmeFieldOf(undefined)).toBeNull();
  });
});
