import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Result, Steps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ApplyState } from '@summit/domain/api/application';
import { BATCH_LABELS, DEADLINE_LABELS, applicationSummary } from '@summit/domain/application';
import { PAGES } from '@summit/domain/pages';
import { BATCH_TERMS } from '@summit/domain/programme-terms';
import { studentStatusSchema } from '@summit/domain/student-status';
import { PATHS } from '../../lib/paths.ts';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { SESSION_KEYS, useAuthInfo } from '../../lib/session.ts';
import { correctedNow } from '../../lib/tracking.ts';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { useApplyState } from './apply-api.ts';
import { VIEW_STEP_INDEX, applyViewOf, countdownText, relevantDeadline, type ApplyView } from './apply-model.ts';
import { Step1Form } from './step1-form.tsx';
import { Step2Form } from './step2-form.tsx';
import './apply.css';

function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => correctedNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(correctedNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const beijing = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('YYYY年M月D日 HH:mm');

function DeadlineBanner({ state, view }: { state: ApplyState; view: ApplyView }) {
  const now = useNow();
  const next = relevantDeadline(view, state.deadlines, now);
  return (
    <section className="apply-banner" aria-label="批次与截止时间">
      <div className="apply-banner__row">
        <span className="apply-banner__label">申请批次</span>
        <strong title={state.batch ? BATCH_TERMS[state.batch].meaning : undefined}>{state.batch ? BATCH_LABELS[state.batch] : '提交基本信息后确定'}</strong>
      </div>
      {next ? (
        <div className="apply-banner__row">
          <span className="apply-banner__label" title={BATCH_TERMS[next.key].meaning}>
            {DEADLINE_LABELS[next.key]}
          </span>
          <span>
            {beijing(next.deadline)}
            <span className="apply-banner__countdown" aria-live="off">
              剩余 {countdownText(new Date(next.deadline).getTime(), now)}
            </span>
          </span>
        </div>
      ) : null}
    </section>
  );
}

/** Submitted answers, read-only, in the same words an admin sees. */
function Answers({ state, step }: { state: ApplyState; step: 1 | 2 }) {
  const sections = applicationSummary(state.step1, state.step2);
  const shown = step === 1 ? sections.slice(0, 4) : sections.slice(4);
  const at = step === 1 ? state.step1_submitted_at : state.step2_submitted_at;
  return (
    <section className="apply-answers" aria-label={step === 1 ? '已提交的基本信息' : '已提交的申请材料'}>
      <Alert type="success" showIcon title={`已于 ${at ? beijing(at) : ''} 提交，提交后不可修改`} />
      {shown.map((section) => (
        <div key={section.title} className="apply-answers__section">
          <h3>{section.title}</h3>
          <dl>
            {section.items.map((item, i) => (
              <div key={`${item.label}-${i}`} className="apply-answers__item">
                <dt>{item.label}</dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}

function FeePanel() {
  return (
    <Result
      status="info"
      title="基本信息已提交，请缴纳申请费"
      subTitle="缴费成功后即可填写第二步申请材料。"
      extra={
        <Link to={PAGES.payApply}>
          <Button type="primary">去缴纳申请费</Button>
        </Link>
      }
    />
  );
}

function ClosedNotice({ text }: { text: string }) {
  return <Result status="warning" title={text} subTitle="如有疑问，请联系项目办公室。" />;
}

/** /student/apply: 1 基本信息 · 缴纳申请费 · 2 申请材料, with drafts, confirmation and read-only answers. */
export default function ApplyPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const apply = useApplyState();
  // Keys the local copy of unsaved answers to the account (a shared computer keeps them apart).
  const accountId = useAuthInfo().data?.user_id ?? null;
  const status = useQuery({
    queryKey: SESSION_KEYS.studentStatus,
    queryFn: ({ signal }) => api.get('/student/status', { schema: studentStatusSchema, signal }),
  });

  // A cached state from before a payment would show the wrong step until the refetch lands.
  if (apply.isPending || !apply.isFetchedAfterMount) {
    return (
      <div className="page page--narrow apply-page">
        <LoadingState rows={8} />
      </div>
    );
  }
  if (apply.isError) {
    return (
      <div className="page page--narrow apply-page">
        <ErrorState onRetry={() => void apply.refetch()} />
      </div>
    );
  }

  const state = apply.data;
  const view = applyViewOf(state, status.data?.is_tuition_paid ?? false, params.get('step'));
  const current = VIEW_STEP_INDEX[view];
  const goStep = (step: '1' | '2' | null) => setParams(step ? { step } : {}, { replace: false });

  const stepItems = [
    { title: '基本信息', content: state.step1_submitted ? '已提交' : '填写中' },
    { title: '缴纳申请费', content: state.is_apply_paid || status.data?.is_tuition_paid ? '已缴纳' : state.step1_submitted ? '待缴纳' : '提交后缴纳' },
    { title: '申请材料', content: state.step2_submitted ? '已提交' : '缴费后填写' },
  ];

  let body;
  if (view === 'step1') {
    if (state.step1_submitted) body = <Answers state={state} step={1} />;
    else if (!state.open.step1) body = <ClosedNotice text="申请已截止" />;
    else
      body = (
        <Step1Form
          state={state}
          accountId={accountId}
          onSubmitted={(next) => {
            toast('success', `基本信息已提交（${next.batch ? BATCH_LABELS[next.batch] : ''}），请缴纳申请费`);
            void navigate(PAGES.payApply);
          }}
        />
      );
  } else if (view === 'fee') body = <FeePanel />;
  else if (view === 'step2') {
    if (state.step2_submitted) body = <Answers state={state} step={2} />;
    else if (!state.open.step2) body = <ClosedNotice text="申请材料提交已截止" />;
    else
      body = (
        <Step2Form
          state={state}
          accountId={accountId}
          onSubmitted={() => {
            toast('success', '申请材料已提交');
            goStep(null);
            window.scrollTo({ top: 0 });
          }}
        />
      );
  } else {
    body = (
      <Result
        status="success"
        title="申请已全部提交"
        subTitle={state.decision ? '录取结果已公布，请前往查看。' : '我们将在截止后统一评审，结果公布时会通过短信通知你。'}
        extra={[
          // After release the result is one tap away: the letter for an offer, the result page otherwise.
          ...(state.decision
            ? [
                <Link key="decision" to={state.decision.decision === 'offer' ? PATHS.admissionOffer : PATHS.payApply}>
                  <Button type="primary">查看录取结果</Button>
                </Link>,
              ]
            : []),
          <Button key="s1" onClick={() => goStep('1')}>
            查看基本信息
          </Button>,
          <Button key="s2" onClick={() => goStep('2')}>
            查看申请材料
          </Button>,
          <Link key="more" to={PATHS.studentAdditionalInfo}>
            <Button type="primary">填写补充信息</Button>
          </Link>,
        ]}
      />
    );
  }

  return (
    <div className="page page--narrow apply-page">
      <h1 className="page__title">我的申请</h1>
      <DeadlineBanner state={state} view={view} />
      <Steps
        className="apply-steps-bar"
        current={current}
        size="small"
        items={stepItems}
        onChange={(index) => {
          if (index === 0 && state.step1_submitted) goStep('1');
          if (index === 1 && state.step1_submitted) goStep(null);
          if (index === 2 && state.step1_submitted) goStep('2');
        }}
      />
      {view === 'step1' && state.step1_submitted ? (
        <div className="apply-back">
          <Button type="link" onClick={() => goStep(null)}>
            返回当前步骤
          </Button>
        </div>
      ) : null}
      <div className="apply-body">{body}</div>
    </div>
  );
}
