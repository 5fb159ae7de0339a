import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { TEACHING_MSG } from '@summit/domain/api/teaching';
import { LoadingState } from '../../components/page-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { PATHS } from '../../lib/paths.ts';
import { checkIn } from './teaching-api.ts';
import { attendanceLabel, formatMeetingTime } from './teaching-format.ts';
import './teaching.css';

/**
 * /student/checkin?t=…: where the teacher's QR code lands. Sends the token once; the server decides (enrolled,
 * within the window, a fresh genuine code) and records the check-in at most once.
 */
export default function StudentCheckinPage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const sent = useRef(false);
  const run = useMutation({ mutationFn: checkIn });
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    run.mutate(token);
  }, [token, run]);

  let body;
  if (!token) body = <HowToCheckIn />;
  else if (run.isIdle || run.isPending) body = <LoadingState rows={3} />;
  else if (run.isError) body = <Result ok={false} title="签到失败" detail={run.error instanceof ApiError ? run.error.msg : '网络错误，请重新扫码'} />;
  else {
    const r = run.data;
    body = (
      <Result
        ok
        title={r.already ? TEACHING_MSG.ALREADY : r.status === 'late' ? TEACHING_MSG.CHECKED_IN_LATE : TEACHING_MSG.CHECKED_IN}
        detail={`${r.course_title} · ${formatMeetingTime(r.meeting_starts_at)} · ${attendanceLabel(r.status)}`}
      />
    );
  }
  return <div className="teach-page">{body}</div>;
}

/**
 * Opened without a code (from a bookmark, the menu or a typed address): how checking in works, not an error. The
 * teacher's QR code changes every 15 seconds and carries no code to type, so the way in is the camera; a student
 * who cannot scan is marked by the teacher (attendance override, decision 051).
 */
function HowToCheckIn() {
  return (
    <section className="teach-result" aria-label="如何签到">
      <h1 className="teach-result__title">扫码签到</h1>
      <ol className="teach-muted teach-howto">
        <li>上课时，老师会在屏幕上展示签到二维码（每 15 秒更新一次）。</li>
        <li>用微信“扫一扫”或手机相机扫描该二维码，会自动打开本页并完成签到。</li>
        <li>二维码过期或扫不出来时，请重新扫描屏幕上最新的二维码；仍无法签到的，请课后联系任课老师为你登记出勤。</li>
      </ol>
      <Link to={PATHS.calendar}>查看我的课程日历与出勤</Link>
    </section>
  );
}

function Result({ ok, title, detail }: { ok: boolean; title: string; detail: string }) {
  return (
    <div className={`teach-result ${ok ? 'teach-result--ok' : 'teach-result--fail'}`} role="status">
      <p className="teach-result__title">{title}</p>
      <p className="teach-muted">{detail}</p>
      <Link to={PATHS.calendar}>查看我的课程日历与出勤</Link>
    </div>
  );
}
