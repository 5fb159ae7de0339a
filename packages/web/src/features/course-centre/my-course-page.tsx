import { useEffect, useState } from 'react';
import { Alert, Button, Popconfirm } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { toast } from '../../lib/notifier.ts';
import { checkCart } from './cart-check.ts';
import { CourseNav } from './course-nav.tsx';
import { GrabCountdown, useServerCountdown } from './grab-countdown.tsx';
import { GRAB_QUEUED_LABEL, GRAB_QUEUED_NOTICE, useQueued } from './grab-queue.ts';
import { RankedList } from './ranked-list.tsx';
import { TimetableView } from './timetable.tsx';
import { CC_KEYS, dropCourse, fetchCart, fetchConfig, fetchMy, grabCourse, leaveWaitlist, measureClockOffset, removeCart, sortCart, submitCart } from './course-centre-api.ts';
import { useCentreAction } from './use-centre.ts';
import './course-centre.css';

/**
 * /student/course: my timetable, my cart and the grab. The 抢课 buttons enable when the server's clock reaches the
 * round's opening time; every seat is decided by the server (capacity, clashes, FC cap) and its message is shown.
 */
export default function MyCoursePage() {
  const navigate = useNavigate();
  const config = useQuery({ queryKey: CC_KEYS.config, queryFn: ({ signal }) => fetchConfig(signal) });
  const cart = useQuery({ queryKey: CC_KEYS.cart, queryFn: ({ signal }) => fetchCart(signal) });
  const my = useQuery({ queryKey: CC_KEYS.my, queryFn: ({ signal }) => fetchMy(signal) });
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    measureClockOffset().then(setOffset, () => setOffset(0));
  }, []);
  const round = config.data?.round ?? null;
  const left = useServerCountdown(round?.opens_at, offset);
  const closed = !round || round.status !== 'open' || (offset !== null && Date.now() + offset >= Date.parse(round.closes_at));
  const canGrab = round?.mode === 'grab' && !closed && left === 0;

  const grab = useCentreAction(grabCourse, '选课成功');
  const queued = useQueued(grab.isPending);
  const submit = useCentreAction(async () => {
    const { results } = await submitCart();
    const ok = results.filter((r) => r.ok).length;
    toast(ok === results.length ? 'success' : 'warning', `提交完成：成功 ${ok} 门${results.length > ok ? `，未成功 ${results.length - ok} 门（${results.filter((r) => !r.ok).map((r) => r.msg).join('；')}）` : ''}`);
  });
  const sort = useCentreAction(sortCart);
  const remove = useCentreAction(removeCart);
  const drop = useCentreAction(dropCourse, '已退选');
  const unwait = useCentreAction(leaveWaitlist, '已退出候补');

  if (config.isPending || my.isPending || cart.isPending) return <div className="cc-page"><LoadingState rows={6} /></div>;
  if (config.isError || my.isError || cart.isError)
    return (
      <div className="cc-page">
        <ErrorState onRetry={() => void Promise.all([config.refetch(), my.refetch(), cart.refetch()])} />
      </div>
    );

  const check = checkCart(
    cart.data.map((line) => line.course),
    my.data.courses,
    round?.categories.includes('cw') ?? false,
  );
  const warnings = [...check.clashes, ...check.lines.flatMap((l) => (l.problem ? [`《${l.course.title}》：${l.problem}`] : [])), ...(check.cornerstone ? [`${check.cornerstone}（已选上及可成功提交的基石工作坊 ${check.cornerstoneCount} 门）`] : [])];

  return (
    <div className="cc-page">
      <h1 className="page__title">我的课表</h1>
      <CourseNav />
      <p className="adm-muted">
        {my.data.venue.name} · {config.data.session_key === 'first' ? '第一期' : config.data.session_key === 'second' ? '第二期' : '第三期'}
      </p>
      {round ? <GrabCountdown round={round} left={left} closed={closed} /> : <EmptyState description="选课尚未开放，请留意通知。" />}

      {my.data.notices.length > 0 ? (
        <section className="cc-section" aria-label="站内通知">
          <h2>通知</h2>
          {my.data.notices.map((n) => (
            <p key={n.id}>
              <strong>{n.title}</strong>：{n.body}
            </p>
          ))}
        </section>
      ) : null}

      <section className="cc-section">
        <h2>选课车</h2>
        {cart.data.length === 0 ? (
          <EmptyState
            description="选课车是空的。"
            action={
              <Button className="adm-button" onClick={() => void navigate(PATHS.coursePreview)}>
                去选课
              </Button>
            }
          />
        ) : (
          <>
            <RankedList label="选课车" items={cart.data} onOrder={(ids) => sort.mutate(ids)} onRemove={(id) => remove.mutate(id)} />
            {warnings.length > 0 ? (
              <Alert
                className="cc-cart-warnings"
                type="warning"
                showIcon
                role="alert"
                style={{ marginTop: 12 }}
                message="提交前请注意"
                description={
                  <ul>
                    {warnings.map((w) => (
                      <li key={w}>{w}</li>
                    ))}
                  </ul>
                }
              />
            ) : null}
            <div className="cc-card__actions cc-grab-actions" style={{ marginTop: 12 }}>
              {cart.data.map(({ course }) => (
                <Button key={course.id} type="primary" disabled={!canGrab || grab.isPending} loading={grab.isPending && grab.variables === course.id} onClick={() => grab.mutate(course.id)}>
                  {queued && grab.variables === course.id ? `${GRAB_QUEUED_LABEL}${course.title}` : `抢课：${course.title}`}
                </Button>
              ))}
              <Button disabled={!canGrab || submit.isPending || check.cornerstone !== null} onClick={() => submit.mutate(undefined)}>
                按顺序提交全部
              </Button>
            </div>
            {queued ? (
              <p className="cc-grab-queued" role="status">
                {GRAB_QUEUED_NOTICE}
              </p>
            ) : null}
          </>
        )}
      </section>

      <section className="cc-section">
        <h2>已选课程</h2>
        <TimetableView courses={my.data.courses} />
        {my.data.courses.length > 0 ? (
          <div className="cc-card__actions" style={{ marginTop: 12 }}>
            {my.data.courses.map((c) => (
              <Popconfirm key={c.id} title={`确定退选《${c.title}》？名额将给候补的同学。`} okText="退选" cancelText="取消" onConfirm={() => drop.mutate(c.id)}>
                <Button danger disabled={closed}>
                  退选：{c.title}
                </Button>
              </Popconfirm>
            ))}
          </div>
        ) : null}
      </section>

      {my.data.waitlist.length > 0 ? (
        <section className="cc-section">
          <h2>候补</h2>
          {my.data.waitlist.map((w) => (
            <p key={w.course_id}>
              《{w.title}》候补第 {w.position} 位{' '}
              <Button size="small" onClick={() => unwait.mutate(w.course_id)}>
                退出候补
              </Button>
            </p>
          ))}
        </section>
      ) : null}
    </div>
  );
}
