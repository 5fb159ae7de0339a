import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isInfoComplete, studentStatusSchema, type StudentStatus } from '@summit/domain';
import { PATHS } from '../../app/paths.ts';
import { api } from '../../lib/api-client.ts';
import { SESSION_KEYS } from '../../lib/session.ts';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import './apply-landing-page.css';

interface Step {
  title: string;
  done: boolean;
  note: string;
}

function stepsOf(status: StudentStatus): Step[] {
  return [
    { title: '注册账号', done: true, note: '已完成' },
    { title: '完善个人信息', done: isInfoComplete(status), note: isInfoComplete(status) ? '已完成' : '待完成' },
    { title: '提交申请', done: status.apply_v5.step1_submitted, note: status.apply_v5.step1_submitted ? '已提交' : '待开放' },
    { title: '支付申请费', done: status.is_apply_paid, note: status.is_apply_paid ? '已支付' : '提交申请后进行' },
    { title: '录取结果', done: status.offer_letter === 1, note: status.offer_letter === 1 ? '已发放' : '评审后公布' },
  ];
}

/** /student/apply for this milestone: where the student stands, and that the application opens soon. */
export default function ApplyLandingPage() {
  // The route loader has just put the status in the cache; this reads it (and refetches if stale).
  const status = useQuery({
    queryKey: SESSION_KEYS.studentStatus,
    queryFn: ({ signal }) => api.get('/student/status', { schema: studentStatusSchema, signal }),
  });

  return (
    <div className="page page--narrow apply-landing">
      <h1 className="page__title">我的申请</h1>
      {status.isPending ? (
        <LoadingState rows={5} />
      ) : status.isError ? (
        <ErrorState onRetry={() => void status.refetch()} />
      ) : (
        <>
          <section className="apply-landing__notice" aria-live="polite">
            <h2>申请即将开放</h2>
            <p>新一期项目的在线申请正在准备中，开放后我们会通过短信和邮件通知你，请留意手机与邮箱。</p>
          </section>
          <section className="apply-landing__card" aria-label="申请进度">
            <h2 className="apply-landing__card-title">申请进度</h2>
            <ol className="apply-steps">
              {stepsOf(status.data).map((step, i) => (
                <li key={step.title} className={step.done ? 'apply-steps__item apply-steps__item--done' : 'apply-steps__item'}>
                  <span className="apply-steps__marker" aria-hidden="true">
                    {step.done ? '✓' : i + 1}
                  </span>
                  <span className="apply-steps__title">{step.title}</span>
                  <span className="apply-steps__note">{step.note}</span>
                </li>
              ))}
            </ol>
          </section>
          <p className="apply-landing__links">
            <Link to={PATHS.account}>查看我的账户</Link>
          </p>
        </>
      )}
    </div>
  );
}
