import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { checkinPath, checkinQrPath } from '../../lib/paths.ts';
import { TEACHING_KEYS, fetchSigns } from './teaching-api.ts';
import { areaOf, formatMeetingTime } from './teaching-format.ts';
import './teaching.css';

/** /teacher/checkin: the sign-ins of my courses (admins: every course), newest meeting first. */
export default function CheckinListPage() {
  const area = areaOf(useLocation().pathname);
  const q = useQuery({ queryKey: TEACHING_KEYS.signs(area === 'admin'), queryFn: ({ signal }) => fetchSigns(area === 'admin', signal) });
  let body;
  if (q.isPending) body = <LoadingState rows={5} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else if (q.data.length === 0) body = <EmptyState description="还没有开启过签到。在课程详情中为一次课开启签到。" />;
  else
    body = (
      <ul className="teach-list">
        {q.data.map((s) => (
          <li key={s.id} className="teach-row">
            <span className="teach-row__main">
              <strong>{s.course_title}</strong>
              <span className="teach-muted">
                {formatMeetingTime(s.meeting_starts_at, s.meeting_ends_at)} · 已签到 {s.checked_in}/{s.enrolled}
              </span>
            </span>
            {s.open ? <span className="teach-badge teach-badge--open">签到中</span> : <span className="teach-badge">已结束</span>}
            <span className="teach-actions">
              {s.open ? <Link to={checkinQrPath(area, s.id)}>二维码</Link> : null}
              <Link to={checkinPath(area, s.id)}>详情</Link>
              <Link to={checkinPath(area, s.id, true)}>手机点名</Link>
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="teach-page">
      <h1 className="page__title">签到</h1>
      {body}
    </div>
  );
}
