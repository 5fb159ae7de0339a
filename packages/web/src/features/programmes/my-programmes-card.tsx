import { Link } from 'react-router';
import type { MyProgramme } from '@summit/domain/api/programmes';
import { APPLICATION_STATE_LABELS } from '@summit/domain/programmes';
import { programmeApplyPath } from '../../lib/paths.ts';
import { useMyProgrammes } from './programme-api.ts';
import { portalHubPathOf } from './portal-links.ts';
import './programmes.css';

/** Where a row leads: the portal once admitted (where the programme has one), else the form. */
export function programmeEntry(p: MyProgramme): { to: string; label: string } {
  const hub = p.state === 'admitted' ? portalHubPathOf(p.code) : null;
  if (hub) return { to: hub, label: '查看录取与下一步' };
  if (p.state === 'not_started') return { to: programmeApplyPath(p.code), label: '立即申请' };
  if (p.state === 'draft') return { to: programmeApplyPath(p.code), label: '继续填写' };
  return { to: programmeApplyPath(p.code), label: '查看申请' };
}

/**
 * 其他项目 on 我的账户: the programmes besides the summer programme this student may apply to or has applied to
 * (SSI, SBP, H-week, the Dean's List, volunteers, and any an admin adds), so each one's next step is one tap away;
 * titled 我的项目 when it leads the page (a student doing one of them, decision 088).
 * Programmes the student may not apply to and never started are left out.
 */
export function MyProgrammesCard({ title = '其他项目' }: { title?: string }) {
  const list = useMyProgrammes();
  const rows = (list.data ?? []).filter((p) => p.eligibility_msg === null || p.state !== 'not_started');
  if (rows.length === 0) return null;
  return (
    <section className="profile-card programme-list" aria-label={title}>
      <h2 className="programme-list__title">{title}</h2>
      <ul>
        {rows.map((p) => {
          const entry = programmeEntry(p);
          return (
            <li key={p.code} className="programme-list__row">
              <div>
                <p className="programme-list__name">{p.name}</p>
                <p className="programme-list__meta">
                  {APPLICATION_STATE_LABELS[p.state]}
                  {p.state === 'not_started' && p.window_msg ? ` · ${p.window_msg}` : ''}
                </p>
              </div>
              <Link to={entry.to}>{entry.label} ›</Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
