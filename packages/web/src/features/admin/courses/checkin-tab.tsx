import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { signSummarySchema } from '@summit/domain/api/teaching';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { checkinPath, checkinQrPath } from '../../../lib/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { formatTime } from '../shell/admin-format.ts';

const listSchema = z.array(signSummarySchema);

/**
 * 签到: every sign-in of every course (decision 051), newest meeting first, each with the admin's own pages —
 * /admin/checkin/{id} (roll and changes), /admin/checkin-qrcode/{id} while open, /admin/mobile-checkin/{id}.
 */
export default function CheckinTab() {
  const q = useQuery({ queryKey: ['admin', 'signs'], queryFn: ({ signal }) => api.get('/admin/signs', { schema: listSchema, signal }) });
  let body;
  if (q.isPending) body = <LoadingState rows={5} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else if (q.data.length === 0) body = <EmptyState description="还没有任何课程开启过签到。" />;
  else
    body = (
      <ul className="admin-sign-list" aria-label="全部签到">
        {q.data.map((s) => (
          <li key={s.id}>
            <span>
              <strong>{s.course_title}</strong>
              <span className="admin-muted">
                {formatTime(s.meeting_starts_at)} · {s.open ? '签到中' : '已结束'} · 已签到 {s.checked_in}/{s.enrolled}
              </span>
            </span>
            <span className="admin-sign-list__links">
              <Link to={checkinPath('admin', s.id)}>详情</Link>
              {s.open ? <Link to={checkinQrPath('admin', s.id)}>二维码</Link> : null}
              <Link to={checkinPath('admin', s.id, true)}>手机点名</Link>
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="admin-card" aria-label="签到">
      <h2>全部签到</h2>
      {body}
    </section>
  );
}
