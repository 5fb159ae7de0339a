import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import dayjs from 'dayjs';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { toast } from '../../lib/notifier.ts';
import { TEACHING_KEYS, fetchCalendar, fetchMyAttendance, resetCalendarFeed } from './teaching-api.ts';
import { attendanceLabel, formatMeetingTime } from './teaching-format.ts';
import './teaching.css';

/** /calendar: my class meetings by day, my attendance, and the .ics subscription address (resettable). */
export default function CalendarPage() {
  const client = useQueryClient();
  const cal = useQuery({ queryKey: TEACHING_KEYS.calendar, queryFn: ({ signal }) => fetchCalendar(signal) });
  const att = useQuery({ queryKey: TEACHING_KEYS.myAttendance, queryFn: ({ signal }) => fetchMyAttendance(signal) });
  const reset = useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (data) => {
      client.setQueryData(TEACHING_KEYS.calendar, data);
      toast('success', '已重置订阅链接，旧链接已失效');
    },
  });
  if (cal.isPending || att.isPending) return <div className="teach-page"><LoadingState rows={6} /></div>;
  if (cal.isError || att.isError) return <div className="teach-page"><ErrorState onRetry={() => void Promise.all([cal.refetch(), att.refetch()])} /></div>;

  const feed = `${window.location.origin}${cal.data.feed_url}`;
  const days = new Map<string, typeof cal.data.meetings>();
  for (const m of cal.data.meetings) {
    const d = dayjs(m.starts_at).tz('Asia/Shanghai');
    const key = `${d.month() + 1}月${d.date()}日 周${'日一二三四五六'[d.day()]}`;
    days.set(key, [...(days.get(key) ?? []), m]);
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed);
      toast('success', '已复制订阅链接');
    } catch {
      toast('warning', '无法自动复制，请长按链接复制');
    }
  };
  return (
    <div className="teach-page">
      <h1 className="page__title">我的课程日历</h1>
      <section className="teach-section" aria-label="课程安排">
        <h2>课程安排</h2>
        {cal.data.meetings.length === 0 ? (
          <EmptyState description="你还没有已选的课程，选课后课次会出现在这里。" />
        ) : (
          [...days.entries()].map(([day, items]) => (
            <div key={day}>
              <h3 className="teach-muted">{day}</h3>
              <ul className="teach-list">
                {items.map((m) => (
                  <li key={m.meeting_id} className="teach-row">
                    <span className="teach-row__main">
                      <strong>{m.course_title}</strong>
                      <span className="teach-muted">
                        {formatMeetingTime(m.starts_at, m.ends_at)} · {m.location || '线上'}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </section>
      <section className="teach-section" aria-label="我的出勤">
        <h2>我的出勤</h2>
        {att.data.length === 0 ? (
          <p className="teach-muted">暂无签到记录</p>
        ) : (
          <ul className="teach-list">
            {att.data.map((a) => (
              <li key={a.sign_id} className="teach-row">
                <span className="teach-row__main">
                  <strong>{a.course_title}</strong>
                  <span className="teach-muted">{formatMeetingTime(a.meeting_starts_at)}</span>
                </span>
                <span className={`teach-badge teach-badge--${a.status ?? 'none'}`}>{a.status ? attendanceLabel(a.status) : a.open ? '签到进行中' : '未签到'}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="teach-section" aria-label="订阅日历">
        <h2>订阅到手机日历</h2>
        <p className="teach-muted">把下面的链接添加到手机或电脑的日历应用（订阅日历），课程变动会自动同步。链接只属于你，请勿分享；如已泄露，请重置。</p>
        <div className="teach-feed">
          <code>{feed}</code>
          <Button onClick={() => void copy()}>复制链接</Button>
          <Popconfirm title="重置后旧链接立即失效，确定重置？" okText="重置" cancelText="取消" onConfirm={() => reset.mutate()}>
            <Button danger loading={reset.isPending}>
              重置链接
            </Button>
          </Popconfirm>
        </div>
      </section>
    </div>
  );
}
