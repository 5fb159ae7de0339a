import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS, rosterPath } from '../../lib/paths.ts';
import { PLACEMENT_KEYS, fetchCard, fetchClockOffset, markSeen } from './placement-api.ts';
import { countdownText, courseCardState, houseState } from './placement-model.ts';
import { HouseCupCard } from './house-cup-card.tsx';
import './placement.css';

const beijing = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('YYYY年M月D日 HH:mm');

/** Now by the server's clock, ticking every second (countdowns must not trust the device's clock). */
export function useServerNow(): number {
  const { data: offset = 0 } = useQuery({ queryKey: PLACEMENT_KEYS.clock, queryFn: fetchClockOffset, staleTime: 600_000 });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now + offset;
}

/**
 * /student/card/course: the paid student's session, venue, house and course selection (decision 040). `classHub`
 * is the way into 学习中心 once they hold courses (composed in app/: features do not import features).
 */
export default function CardCoursePage({ classHub }: { classHub?: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useServerNow();
  const query = useQuery({ queryKey: PLACEMENT_KEYS.card, queryFn: ({ signal }) => fetchCard(signal) });
  const card = query.data;
  const venueVisible = card?.venue != null;

  // Seeing the card is seeing the venue result: the "new" badge of the venue clears (the house clears on reveal).
  useEffect(() => {
    if (!venueVisible) return;
    void markSeen('venue').then((next) => queryClient.setQueryData(PLACEMENT_KEYS.card, next), () => undefined);
  }, [venueVisible, queryClient]);

  if (query.isPending) return <div className="plc-page"><LoadingState /></div>;
  if (query.isError || !card) return <div className="plc-page"><ErrorState onRetry={() => void query.refetch()} /></div>;
  if (!card.tuition_paid) return <div className="plc-page"><EmptyState description="仅限被录取并支付费用的用户访问" /></div>;

  const course = courseCardState(card, now);
  const house = houseState(card, now);
  const placeOpenAt = card.place_apply.open_at;

  return (
    <div className="plc-page">
      <h1>我的会场与选课</h1>
      <p className="plc-muted">
        开营前请完成<Link className="plc-link" to={PATHS.checklist}>入学清单</Link>
      </p>
      <div className="plc-cards">
        <section className="plc-card" aria-labelledby="plc-venue">
          <h2 id="plc-venue">
            会场
            {card.cards.is_new ? <span className="plc-new">新</span> : null}
          </h2>
          <dl>
            <dt>期次</dt>
            <dd>{card.session?.name ?? '待定'}</dd>
            <dt>会场</dt>
            <dd data-testid="card-venue">{card.venue ? card.venue.name : '暂无会场信息'}</dd>
          </dl>
          {!card.venue ? (
            <p className="plc-muted">
              {placeOpenAt && Date.parse(placeOpenAt) > Date.now()
                ? `会场结果将于 ${beijing(placeOpenAt)} 公布`
                : placeOpenAt
                  ? '会场结果已公布，你的会场正在安排中，安排好后会显示在这里。'
                  : '会场结果公布后，开放访问'}
            </p>
          ) : (
            <div className="plc-actions">
              <Link className="plc-link" to={rosterPath(card.venue.place_name)}>查看会场名单</Link>
              {card.venue.is_beijing ? <Link className="plc-link" to={PATHS.sortingCeremony}>分院仪式</Link> : null}
            </div>
          )}
        </section>

        <section className="plc-card" aria-labelledby="plc-house">
          <h2 id="plc-house">学院</h2>
          {house === 'revealed' && card.user.house && card.cards.is_new ? (
            // Not yet revealed to the student (the card marks the venue seen on load, so "new" is the house):
            // keep it sealed here so the reveal page is where they meet it.
            <p className="plc-muted" data-testid="card-house">学院结果已公布，揭晓你的学院吧！</p>
          ) : house === 'revealed' && card.user.house ? (
            <>
              <p data-testid="card-house">
                <span className="plc-house-chip" style={{ background: card.user.house.colour }} aria-hidden="true" />
                {card.user.house.name}学院 · {card.user.house.english_name}
              </p>
              <div className="plc-actions">
                <Button size="large" onClick={() => void navigate(PATHS.houseRevealResult)}>查看我的学院</Button>
                <Link className="plc-link" to={PATHS.studentHouseRules}>学院守则</Link>
              </div>
            </>
          ) : house === 'scheduled' && card.house_open_at ? (
            <>
              <p className="plc-muted">学院结果将于 {beijing(card.house_open_at)} 揭晓</p>
              <p className="plc-countdown">{countdownText(Date.parse(card.house_open_at), now) ?? '即将揭晓'}</p>
            </>
          ) : (
            <>
              <p className="plc-muted" data-testid="card-house">尚未公布house信息！</p>
              {card.venue ? <p className="plc-muted">学院结果公布后，你可以在这里揭晓自己的学院。</p> : null}
            </>
          )}
          {card.cards.is_new && house === 'revealed' ? (
            <Button type="primary" size="large" block onClick={() => void navigate(PATHS.houseRevealBegin)}>
              揭晓我的学院
            </Button>
          ) : null}
        </section>

        <HouseCupCard showMine={house === 'revealed' && card.user.house !== null && !card.cards.is_new} />

        <section className="plc-card" aria-labelledby="plc-course">
          <h2 id="plc-course">选课</h2>
          {course.kind === 'open' ? (
            <p>选课已开放{card.course_apply.close_at ? `，截止 ${beijing(card.course_apply.close_at)}` : ''}。</p>
          ) : course.kind === 'countdown' ? (
            <>
              <p className="plc-muted">选课将于 {beijing(course.openAt)} 开放</p>
              <p className="plc-countdown" data-testid="course-countdown">{countdownText(Date.parse(course.openAt), now) ?? '即将开放'}</p>
            </>
          ) : (
            <p className="plc-muted" data-testid="course-closed">{course.msg}</p>
          )}
          <div className="plc-actions">
            <Link className="plc-link" to={PATHS.coursePreview}>课程预览</Link>
            {course.kind === 'open' ? <Link className="plc-link" to={PATHS.courseMine}>进入选课中心</Link> : null}
            {classHub}
          </div>
        </section>

        <section className="plc-card" aria-labelledby="plc-more">
          <h2 id="plc-more">更多</h2>
          <div className="plc-actions">
            <Link className="plc-link" to={PATHS.twelveHouses}>十二学院</Link>
            <Link className="plc-link" to={PATHS.admissionSuccess}>缴费结果</Link>
            <Link className="plc-link" to={PATHS.admissionOffer}>录取通知书</Link>
          </div>
        </section>
      </div>
    </div>
  );
}
