// The 项目信息 card's form (decision 029): the facts as the admin edits them (yuan, Beijing wall clocks) and
// back to the request the server checks. No React, so the conversion is unit-tested.
import dayjs, { type Dayjs } from 'dayjs';
import type { ProgrammeFacts, ProgrammeFactsUpdateRequest } from '@summit/domain/programme';
import { SESSION_KEYS, type ProgrammeMode, type SessionKey } from '@summit/domain/programme-terms';
import { beijingWallClockToIso } from '../shell/admin-format.ts';
import { fenToYuan, yuanToFen } from '../money/money.ts';

export interface ProgrammeForm {
  name: string;
  year: number;
  mode: ProgrammeMode;
  sessions: Record<SessionKey, [Dayjs, Dayjs] | null>;
  difference_yuan: number;
  refund_deadline: Dayjs | null;
  /** 撤销切换记录 (decision 029): online from the start again. */
  clear_switch?: boolean;
}

/** A stored instant shown as its Beijing wall clock in the pickers. */
const picked = (iso: string) => dayjs(iso).tz('Asia/Shanghai');

export function programmeFormOf(facts: ProgrammeFacts): ProgrammeForm {
  const sessions = {} as ProgrammeForm['sessions'];
  for (const key of SESSION_KEYS) {
    const s = facts.sessions.find((w) => w.key === key);
    sessions[key] = s ? [picked(s.starts_at), picked(s.ends_at)] : null;
  }
  return {
    name: facts.name,
    year: facts.year,
    mode: facts.mode,
    sessions,
    difference_yuan: fenToYuan(facts.difference_fen),
    refund_deadline: picked(facts.difference_refund_deadline),
  };
}

/** The PUT body; a missing picker is sent as it is so the server names the field (4003), never guessed. */
export function programmeRequestOf(form: ProgrammeForm): ProgrammeFactsUpdateRequest {
  return {
    name: form.name,
    year: form.year,
    mode: form.mode,
    sessions: SESSION_KEYS.map((key) => {
      const range = form.sessions[key];
      return { key, starts_at: range ? beijingWallClockToIso(range[0]) : '', ends_at: range ? beijingWallClockToIso(range[1]) : '' };
    }),
    difference_fen: yuanToFen(form.difference_yuan) ?? -1,
    difference_refund_deadline: form.refund_deadline ? beijingWallClockToIso(form.refund_deadline) : '',
    ...(form.clear_switch && form.mode === 'online' ? { clear_switch: true } : {}),
  };
}

/** 4003 on `sessions.1.ends_at` → the form field of the second session. */
export type ProgrammeFieldName = ['sessions', SessionKey] | ['difference_yuan'] | ['refund_deadline'] | ['name'] | ['year'] | ['mode'];

export function programmeFieldOf(apiField: string | null | undefined): ProgrammeFieldName | null {
  if (!apiField) return null;
  const session = /^sessions\.(\d+)/.exec(apiField);
  if (session) {
    const key = SESSION_KEYS[Number(session[1])];
    return key ? ['sessions', key] : null;
  }
  if (apiField === 'difference_fen') return ['difference_yuan'];
  if (apiField === 'difference_refund_deadline') return ['refund_deadline'];
  if (apiField === 'name' || apiField === 'year' || apiField === 'mode') return [apiField];
  return null;
}
