import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Select } from 'antd';
import { Link, useLocation, useParams } from 'react-router';
import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES, type AttendanceStatus, type SignRow } from '@summit/domain/api/teaching';
import { MSG } from '@summit/domain/messages';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { checkinPath, checkinQrPath } from '../../lib/paths.ts';
import { toast } from '../../lib/notifier.ts';
import { TEACHING_KEYS, closeSign, fetchSign, isForbidden, overrideAttendance } from './teaching-api.ts';
import { areaOf, attendanceLabel, formatClock, formatMeetingTime, signCoursePath } from './teaching-format.ts';
import './teaching.css';

const OPTIONS = ATTENDANCE_STATUSES.map((s) => ({ value: s, label: ATTENDANCE_LABELS[s] }));

function StudentRow({ row, onSave, saving }: { row: SignRow; onSave: (status: AttendanceStatus, note: string) => void; saving: boolean }) {
  const [status, setStatus] = useState<AttendanceStatus | null>(row.status);
  const [note, setNote] = useState('');
  const changed = status !== null && status !== row.status;
  return (
    <li className="teach-row" data-student={row.student_id}>
      <span className="teach-row__main">
        <strong>{row.name || '—'}</strong>
        <span className="teach-muted">
          {row.phone} · <span className={`teach-badge teach-badge--${row.status ?? 'none'}`}>{attendanceLabel(row.status)}</span>
          {row.checked_at ? ` · ${formatClock(row.checked_at)}${row.source === 'teacher' ? '（老师修改）' : '（扫码）'}` : ''}
        </span>
      </span>
      <Select aria-label={`${row.name}的出勤状态`} placeholder="修改状态" value={status} options={OPTIONS} onChange={(v) => setStatus(v)} style={{ minWidth: 112 }} />
      {changed ? <Input aria-label="备注" placeholder="备注（选填）" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} style={{ width: 160 }} /> : null}
      {changed ? (
        <Button type="primary" loading={saving} onClick={() => onSave(status, note)}>
          保存
        </Button>
      ) : null}
    </li>
  );
}

/** /teacher/checkin/{id} and /teacher/mobile-checkin/{id} (and the /admin ones): who is here, and the teacher's overrides. */
export default function CheckinPage() {
  const id = Number(useParams().id);
  const { pathname } = useLocation();
  const area = areaOf(pathname);
  const mobile = pathname.includes('/mobile-checkin/');
  const client = useQueryClient();
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ queryKey: TEACHING_KEYS.sign(id), queryFn: ({ signal }) => fetchSign(id, signal), enabled: valid, retry: false, refetchInterval: 5000 });
  const save = useMutation({
    mutationFn: (v: { studentId: number; status: AttendanceStatus; note: string }) => overrideAttendance(id, v.studentId, v.status, v.note),
    onSuccess: (detail) => {
      client.setQueryData(TEACHING_KEYS.sign(id), detail);
      toast('success', '已修改出勤状态');
    },
  });
  const close = useMutation({ mutationFn: () => closeSign(id), onSuccess: () => void client.invalidateQueries({ queryKey: TEACHING_KEYS.all }) });

  let body;
  if (!valid) body = <EmptyState description="签到不存在" />;
  else if (q.isPending) body = <LoadingState rows={6} />;
  else if (q.isError) body = isForbidden(q.error) ? <ForbiddenState title={MSG.NO_PERMISSION} detail="这次签到不属于你的课程。" /> : <ErrorState onRetry={() => void q.refetch()} />;
  else {
    const s = q.data;
    body = (
      <>
        <header>
          <h1 className="page__title">{s.course_title} · 签到</h1>
          <p className="teach-muted">
            {formatMeetingTime(s.meeting_starts_at, s.meeting_ends_at)} · {s.open ? `签到中，${formatClock(s.closes_at)} 结束` : '已结束'} · {formatClock(s.late_after)} 后记为迟到
          </p>
          <p className="teach-qr__count" aria-live="polite">
            已签到 {s.checked_in}/{s.enrolled}
          </p>
        </header>
        <div className="teach-actions">
          {s.open ? (
            <>
              <Link to={checkinQrPath(area, s.id)}>显示二维码</Link>
              <Button danger loading={close.isPending} onClick={() => close.mutate()}>
                结束签到
              </Button>
            </>
          ) : null}
          <Link to={checkinPath(area, s.id, !mobile)}>{mobile ? '电脑版' : '手机点名'}</Link>
          <Link to={signCoursePath(area, s)}>返回课程</Link>
        </div>
        <section className="teach-section" aria-label="学生出勤">
          <h2>学生出勤</h2>
          {s.rows.length === 0 ? (
            <EmptyState description="这门课还没有学生" />
          ) : (
            <ul className="teach-list">
              {s.rows.map((r) => (
                <StudentRow key={`${r.student_id}-${r.status ?? ''}`} row={r} saving={save.isPending && save.variables.studentId === r.student_id} onSave={(status, note) => save.mutate({ studentId: r.student_id, status, note })} />
              ))}
            </ul>
          )}
        </section>
        <section className="teach-section" aria-label="修改记录">
          <h2>修改记录</h2>
          {s.changes.length === 0 ? (
            <p className="teach-muted">暂无修改</p>
          ) : (
            <ul className="teach-list">
              {s.changes.map((c, i) => (
                <li key={i} className="teach-row">
                  {formatClock(c.at)} {c.actor_name} 将 {c.student_name} 从「{attendanceLabel(c.before)}」改为「{attendanceLabel(c.after)}」{c.note ? `（${c.note}）` : ''}
                </li>
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }
  return (
    <div className="teach-page">
      {body}
    </div>
  );
}
