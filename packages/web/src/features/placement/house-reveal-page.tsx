import { useEffect } from 'react';
import { Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { MSG } from '@summit/domain/messages';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { PATHS, rosterPath } from '../../lib/paths.ts';
import { PLACEMENT_KEYS, fetchCard, fetchMyHouse, markSeen } from './placement-api.ts';
import { revealBeginState } from './placement-model.ts';
import { textOnHouse } from './house-grid.tsx';
import './placement.css';

/**
 * /student/house-reveal-begin and /student/house-reveal-result: a sealed emblem, then the house with its colour,
 * name and motto (the animation stops under prefers-reduced-motion). The result marks the house as seen.
 */
export default function HouseRevealPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const begin = pathname === PATHS.houseRevealBegin;
  // The begin page reads the card first: before publication it says so (and when) without asking for the house,
  // whose answer would be a failed request.
  const card = useQuery({ queryKey: PLACEMENT_KEYS.card, queryFn: ({ signal }) => fetchCard(signal), enabled: begin });
  const beginState = card.data ? revealBeginState(card.data, Date.now()) : null;
  const query = useQuery({ queryKey: PLACEMENT_KEYS.house, queryFn: ({ signal }) => fetchMyHouse(signal), retry: false, enabled: !begin || beginState?.kind === 'ready' });
  const revealed = !begin && query.isSuccess;

  useEffect(() => {
    if (!revealed) return;
    void markSeen('house').then((next) => queryClient.setQueryData(PLACEMENT_KEYS.card, next), () => undefined);
  }, [revealed, queryClient]);

  if (begin && card.isError) return <div className="plc-page"><ErrorState onRetry={() => void card.refetch()} /></div>;
  if (begin && beginState?.kind === 'waiting') {
    return (
      <div className="plc-reveal">
        <h1>分院时刻</h1>
        <div className="plc-seal plc-seal--closed" aria-hidden="true"><strong>?</strong>{card.data?.venue ? <span>{card.data.venue.name}</span> : null}</div>
        <p className="plc-motto" data-testid="reveal-message">{MSG.HOUSE_NOT_PUBLISHED}</p>
        <p className="plc-muted" data-testid="reveal-when">
          {beginState.opensAt ? `学院结果将于 ${dayjs(beginState.opensAt).tz('Asia/Shanghai').format('YYYY年M月D日 HH:mm')} 揭晓，届时请回到本页。` : '揭晓时间将另行通知，公布后可在“我的会场与选课”查看。'}
        </p>
        <Link className="plc-link" to={PATHS.cardCourse}>返回我的会场与选课</Link>
      </div>
    );
  }
  if (query.isPending) return <div className="plc-page"><LoadingState /></div>;
  if (query.isError) {
    const error = query.error;
    // 尚未公布house信息！ (or a docs/product/errors.md gate): say it here, with the way back to the card.
    if (error instanceof ApiError && error.msg) {
      return (
        <div className="plc-reveal">
          <div className="plc-seal plc-seal--closed" aria-hidden="true"><strong>?</strong></div>
          <p className="plc-motto" data-testid="reveal-message">{error.msg}</p>
          <Link className="plc-link" to={PATHS.cardCourse}>返回我的会场与选课</Link>
        </div>
      );
    }
    return <div className="plc-page"><ErrorState onRetry={() => void query.refetch()} /></div>;
  }
  const { house, venue, members } = query.data;

  if (begin) {
    return (
      <div className="plc-reveal">
        <h1>分院时刻</h1>
        <div className="plc-seal plc-seal--closed" aria-hidden="true"><strong>?</strong><span>{venue.name}</span></div>
        <p className="plc-muted">准备好了吗？点击下方按钮，揭晓你将加入的学院。</p>
        <Button type="primary" size="large" onClick={() => void navigate(PATHS.houseRevealResult)}>
          揭晓我的学院
        </Button>
      </div>
    );
  }
  return (
    <div className="plc-reveal">
      <p className="plc-muted">欢迎加入</p>
      <div className="plc-seal plc-seal--open" style={{ background: house.colour, color: textOnHouse(house.colour) }} role="img" aria-label={`${house.name}学院`}>
        <strong>{house.name}</strong>
        <span>{house.english_name}</span>
      </div>
      <h1 data-testid="reveal-house">{house.name}学院</h1>
      {house.motto ? <p className="plc-motto">“{house.motto}”</p> : null}
      <p className="plc-muted">{venue.name} · 本学院共 {members} 名同学</p>
      <div className="plc-actions">
        <Link className="plc-link" to={rosterPath(venue.place_name)}>查看会场名单</Link>
        <Link className="plc-link" to={PATHS.studentHouseRules}>学院守则</Link>
        <Link className="plc-link" to={PATHS.cardCourse}>返回我的会场与选课</Link>
      </div>
    </div>
  );
}
