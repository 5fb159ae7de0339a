import { Button, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import dayjs from 'dayjs';
import type { StudentOffering, StudentOfferings } from '@summit/domain/api/onboarding';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { toast } from '../../lib/notifier.ts';
import { ONBOARDING_KEYS, cancelSignUp, downloadIcs, fetchOfferings, signUp } from './onboarding-api.ts';
import { actionLabel, cardStateOf, offeringPageOf } from './onboarding-model.ts';
import { OnboardingNav } from './onboarding-nav.tsx';
import './onboarding.css';

const beijing = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm');

function OfferingCard({ item, hasOtherChoice, onChanged }: { item: StudentOffering; hasOtherChoice: boolean; onChanged: (data: StudentOfferings, msg: string) => void }) {
  const state = cardStateOf(item, hasOtherChoice);
  const act = useMutation({
    mutationFn: () => (state.action === 'cancel' ? cancelSignUp(item.id) : signUp(item.id)),
    onSuccess: (data) => onChanged(data, state.action === 'cancel' ? '已取消报名' : item.kind === 'major' ? '专业已确认' : '报名成功'),
  });
  const ics = useMutation({ mutationFn: () => downloadIcs(item.id) });
  return (
    <article className={`onb-card${item.signed_up ? ' onb-card--mine' : ''}`} data-testid={`offering-${item.id}`} aria-label={item.title}>
      <h2>
        {item.title}
        {state.tag ? <Tag color={item.signed_up ? 'blue' : 'default'}>{state.tag}</Tag> : null}
      </h2>
      {item.description ? <p>{item.description}</p> : null}
      <dl>
        {item.starts_at ? (
          <>
            <dt>时间</dt>
            <dd>
              {beijing(item.starts_at)}（{item.duration_minutes} 分钟）
            </dd>
          </>
        ) : null}
        <dt>名额</dt>
        <dd>
          剩余 {item.remaining} / 共 {item.capacity}
        </dd>
        <dt>截止</dt>
        <dd>{beijing(item.closes_at)}</dd>
      </dl>
      {item.kind === 'info_session' && item.signed_up ? (
        item.join_url ? (
          <a className="onb-join" href={item.join_url} target="_blank" rel="noopener noreferrer">
            进入说明会
          </a>
        ) : item.join_opens_at ? (
          <p className="onb-muted">入会链接将于 {beijing(item.join_opens_at)} 显示</p>
        ) : null
      ) : null}
      <div className="onb-actions">
        {state.action !== 'none' ? (
          <Button type={state.action === 'cancel' ? 'default' : 'primary'} loading={act.isPending} onClick={() => act.mutate()}>
            {actionLabel(item.kind, state.action)}
          </Button>
        ) : null}
        {item.kind === 'info_session' && item.signed_up && item.starts_at ? (
          <Button loading={ics.isPending} onClick={() => ics.mutate()}>
            下载日历文件（.ics）
          </Button>
        ) : null}
      </div>
    </article>
  );
}

/** /student/admission/{major,csi,podcast,master-class}, /student/pilot-study, /student/college-info-session. */
export default function OfferingsPage() {
  const page = offeringPageOf(useLocation().pathname);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ONBOARDING_KEYS.offerings(page.kind), queryFn: ({ signal }) => fetchOfferings(page.kind, signal) });
  const onChanged = (data: StudentOfferings, msg: string) => {
    queryClient.setQueryData(ONBOARDING_KEYS.offerings(page.kind), data);
    toast('success', msg);
  };
  const mine = query.data?.items.filter((i) => i.signed_up) ?? [];
  return (
    <div className="onb-page">
      <OnboardingNav />
      <h1>{page.title}</h1>
      <p className="onb-intro">{page.intro}</p>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <>
          {page.kind === 'major' ? (
            <p className="onb-track">
              录取专业：{query.data.offer_track ?? '—'}
              {mine[0] ? `　已确认：${mine[0].title}` : '　尚未确认'}
            </p>
          ) : null}
          {query.data.items.length === 0 ? (
            <EmptyState description="暂未开放报名，请留意通知" />
          ) : (
            <div className="onb-cards">
              {query.data.items.map((item) => (
                <OfferingCard key={item.id} item={item} hasOtherChoice={mine.length > 0} onChanged={onChanged} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
