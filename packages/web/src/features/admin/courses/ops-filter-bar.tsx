import { Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SESSION_KEYS, SESSION_NAMES, type SessionKey } from '@summit/domain/programme-terms';
import { STRUCTURE_KEYS, fetchVenues } from './structure-api.ts';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';

export interface OpsFilterValue {
  session_key?: SessionKey | undefined;
  venue_id?: number | undefined;
  q?: string | undefined;
}

/** The filters the courses overview, 成绩 and 出勤 share: session, venue, and part of a course's code or title. */
export function OpsFilterBar({ value, onChange }: { value: OpsFilterValue; onChange: (next: OpsFilterValue) => void }) {
  const venues = useQuery({ queryKey: STRUCTURE_KEYS.venues, queryFn: ({ signal }) => fetchVenues({ signal }) });
  return (
    <div className="ops-filters">
      <EnumFilterSelect label="期次" placeholder="全部期次" value={value.session_key} onChange={(v) => onChange({ ...value, session_key: v })} keys={SESSION_KEYS} labels={SESSION_NAMES} />
      <EnumFilterSelect
        label="会场"
        placeholder="全部会场"
        value={value.venue_id}
        onChange={(v) => onChange({ ...value, venue_id: v })}
        options={(venues.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
      />
      <Input.Search aria-label="课程" allowClear placeholder="课程代码或名称" defaultValue={value.q} onSearch={(q) => onChange({ ...value, q: q.trim() || undefined })} />
    </div>
  );
}

/** 75.5 → "75.5%", null → "—". */
export const formatRate = (v: number | null) => (v === null ? '—' : `${v}%`);
export const formatGrade = (v: number | null) => (v === null ? '—' : String(v));
