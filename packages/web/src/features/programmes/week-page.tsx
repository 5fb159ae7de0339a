import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ProgrammePortal } from '@summit/domain/api/programme-portal';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PORTAL_KEYS, fetchWeek } from './portal-api.ts';
import { PortalHtml, PortalPage, beijingTime } from './portal-shell.tsx';
import type { PortalLinks } from './portal-links.ts';

function WeekNav({ portal, links, current }: { portal: ProgrammePortal; links: PortalLinks; current: number }) {
  if (!links.week) return null;
  const weekPath = links.week;
  return (
    <nav className="pp-weeks" aria-label="周次">
      {portal.weeks.map((w) => (
        <Link key={w.week} to={weekPath(w.week)} className={`pp-weeks__item${w.week === current ? ' pp-weeks__item--on' : ''}${w.open ? '' : ' pp-weeks__item--locked'}`} aria-current={w.week === current ? 'page' : undefined}>
          第 {w.week} 周{w.open ? null : <small className="pp-weeks__soon">未开放</small>}
        </Link>
      ))}
    </nav>
  );
}

function OpenWeek({ code, week, links }: { code: string; week: number; links: PortalLinks }) {
  const query = useQuery({ queryKey: PORTAL_KEYS.week(code, week), queryFn: () => fetchWeek(code, week), retry: false });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const w = query.data;
  return (
    <>
      <h2 className="pp-week-title">{w.title}</h2>
      <PortalHtml html={w.content_html} label={`第 ${w.week} 周内容`} />
      {w.tasks.length > 0 ? (
        <section className="pp-card" aria-label="本周任务">
          <h2 className="pp-card__title">本周任务</h2>
          <ul className="pp-tasks">
            {w.tasks.map((t, i) => (
              <li key={i}>{t}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {links.week ? (
        <div className="pp-prevnext">
          {w.prev ? (
            <Link className="pp-button" to={links.week(w.prev)}>
              ‹ 上一周
            </Link>
          ) : (
            <span />
          )}
          {w.next ? (
            <Link className="pp-button" to={links.week(w.next)}>
              下一周 ›
            </Link>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** /sbp/week/:week: the week's content and tasks once it opens (behind the deposit); locked weeks say when. */
export default function WeekPage() {
  const params = useParams();
  const week = Number(params.week);
  return (
    <PortalPage title={Number.isInteger(week) && week > 0 ? `第 ${week} 周` : '每周内容'} gate="deposit">
      {(portal, links) => {
        const entry = portal.weeks.find((w) => w.week === week) ?? null;
        return (
          <>
            <WeekNav portal={portal} links={links} current={week} />
            {!entry ? (
              <p className="pp-card pp-muted">该周内容不存在。</p>
            ) : !entry.open ? (
              <section className="pp-card pp-locked" role="status" aria-label="未开放">
                <p className="pp-locked__message">本周内容尚未开放</p>
                <p className="pp-muted" data-testid="week-opens">
                  将于 {beijingTime(entry.opens_at)}（北京时间）开放
                </p>
              </section>
            ) : (
              <OpenWeek key={week} code={portal.code} week={week} links={links} />
            )}
          </>
        );
      }}
    </PortalPage>
  );
}
