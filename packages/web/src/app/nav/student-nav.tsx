import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { isVolunteer } from '@summit/domain/roles';
import { studentStatusSchema } from '@summit/domain/student-status';
import { api } from '../../lib/api-client.ts';
import { SESSION_KEYS, useUnreadMessages } from '../../lib/session.ts';
import { CLASS_KEYS, fetchOverview } from '../../features/classes/classes-api.ts';
import { useMyProgrammes } from '../../features/programmes/programme-api.ts';
import { portalHubPathOf } from '../../features/programmes/portal-links.ts';
import { activeNavKey, admittedProgrammeHub, phoneTabs, studentNavItems, type NavItem } from './nav-model.ts';
import { NavIcon } from './nav-icons.tsx';
import './nav.css';

/** The student's places from their status, courses and other programmes (decision 088). Each query is quiet: a refused one only hides its tab. */
function useStudentNavItems(): NavItem[] {
  const status = useQuery({
    queryKey: SESSION_KEYS.studentStatus,
    queryFn: ({ signal }) => api.get('/student/status', { schema: studentStatusSchema, signal, quiet: true }),
    staleTime: 60_000,
  });
  const paid = Boolean(status.data?.is_tuition_paid);
  const overview = useQuery({ queryKey: CLASS_KEYS.overview, queryFn: ({ signal }) => fetchOverview(signal), enabled: paid, staleTime: 60_000, retry: false });
  const programmes = useMyProgrammes();
  return studentNavItems({
    tuitionPaid: paid,
    holdsCourses: (overview.data?.courses.length ?? 0) > 0,
    volunteer: status.data ? isVolunteer(status.data.active_type) : false,
    programmeHub: admittedProgrammeHub(programmes.data ?? [], portalHubPathOf),
  });
}

function Badge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="snav-tabs__badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * `top`: the desktop top bar's places (首页 and 消息 are already at its right: 我的申请, 消息 and the name).
 * `tabs`: the phone's bottom tab bar, fixed above the home indicator; the page keeps room for it (nav.css).
 * Both are drawn and CSS shows the one that fits the width, so nothing jumps when the media query settles.
 */
export default function StudentNav({ variant }: { variant: 'top' | 'tabs' }) {
  const { pathname } = useLocation();
  const items = useStudentNavItems();
  const unread = useUnreadMessages(variant === 'tabs');
  const active = activeNavKey(items, pathname);
  if (variant === 'top') {
    const places = items.filter((it) => it.key !== 'home' && it.key !== 'messages');
    if (places.length === 0) return null;
    return (
      <nav className="snav-top" aria-label="学生导航">
        {places.map((it) => (
          <Link key={it.key} to={it.to} className="snav-top__link" aria-current={active === it.key ? 'page' : undefined} data-testid={`nav-${it.key}`}>
            {it.label}
          </Link>
        ))}
      </nav>
    );
  }
  return (
    <nav className="snav-tabs" aria-label="底部导航" data-testid="tab-bar">
      <ul className="snav-tabs__list">
        {phoneTabs(items).map((it) => {
          const label = it.key === 'messages' && unread.data ? `${it.label}，${unread.data}条未读` : it.label;
          return (
            <li key={it.key}>
              <Link to={it.to} className="snav-tabs__tab" aria-current={active === it.key ? 'page' : undefined} aria-label={label} data-testid={`tab-${it.key}`}>
                <span className="snav-tabs__icon" aria-hidden="true">
                  <NavIcon name={it.key} />
                </span>
                <span className="snav-tabs__label" aria-hidden="true">{it.short}</span>
                {/* After the label, so the visible text (消息1) reads inside the name (消息，1条未读). */}
                {it.key === 'messages' ? <Badge count={unread.data} /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
