import type { RosterStudent } from '@summit/domain/api/teaching';

const COUNTS = [
  ['present', '出勤'],
  ['late', '迟到'],
  ['excused', '请假'],
  ['absent', '缺勤'],
] as const;

/**
 * A course's roster with each student's attendance counts: a table on a desktop, one card per student below
 * 600 px (decision 089), where seven columns would squeeze names to one character per line. Both are rendered;
 * CSS shows the one that fits, so the page needs no script to choose and nothing shifts after it loads.
 */
export function CourseRoster({ roster }: { roster: readonly RosterStudent[] }) {
  return (
    <>
      <div className="teach-table-wrap teach-roster-table">
        <table className="teach-table">
          <thead>
            <tr>
              <th>姓名</th>
              <th>手机</th>
              <th>学院</th>
              {COUNTS.map(([key, label]) => (
                <th key={key}>{label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {roster.map((s) => (
              <tr key={s.student_id}>
                <td>{s.name || '—'}</td>
                <td>{s.phone}</td>
                <td>{s.house ?? '—'}</td>
                {COUNTS.map(([key]) => (
                  <td key={key}>{s[key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="teach-roster-cards" aria-label="学生名单">
        {roster.map((s) => (
          <li key={s.student_id} className="teach-roster-card" data-testid="roster-card">
            <div className="teach-roster-card__head">
              <strong className="teach-roster-card__name">{s.name || '—'}</strong>
              <span className="teach-muted">{s.house ?? '未分学院'}</span>
            </div>
            <div className="teach-muted">{s.phone}</div>
            <dl className="teach-roster-card__counts">
              {COUNTS.map(([key, label]) => (
                <div key={key}>
                  <dt>{label}</dt>
                  <dd>{s[key]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
