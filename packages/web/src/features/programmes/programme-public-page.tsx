import { Link, useLocation } from 'react-router';
import { Button } from 'antd';
import dayjs from 'dayjs';
import type { ProgrammePublic } from '@summit/domain/api/programmes';
import { MSG } from '@summit/domain/messages';
import { formatFen } from '@summit/domain/payments';
import { FEE_MODE_LABELS } from '@summit/domain/programmes';
import { programmeApplyPath } from '../../lib/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { useProgrammePublic } from './programme-api.ts';
import '../../components/page-document-view.css';
import './programmes.css';

const beijing = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('YYYY年M月D日 HH:mm');

function windowText(p: ProgrammePublic): string {
  if (p.apply_opens_at && p.apply_closes_at) return `${beijing(p.apply_opens_at)} 至 ${beijing(p.apply_closes_at)}`;
  if (p.apply_closes_at) return `截至 ${beijing(p.apply_closes_at)}`;
  if (p.apply_opens_at) return `${beijing(p.apply_opens_at)} 起`;
  return '常年开放';
}

function Facts({ p }: { p: ProgrammePublic }) {
  const facts: { label: string; value: string }[] = [{ label: '申请时间', value: windowText(p) }];
  facts.push({ label: '申请费', value: p.fees.apply_fee_fen > 0 ? formatFen(p.fees.apply_fee_fen) : '免申请费' });
  if (p.fees.mode !== 'none') {
    if (p.fees.durations.length === 0) facts.push({ label: '项目费用', value: formatFen(p.fees.fee_fen) });
    if (p.fees.mode === 'split') facts.push({ label: '定金', value: `${formatFen(p.fees.deposit_fen)}（录取后支付，余款为尾款）` });
    else facts.push({ label: '缴费方式', value: FEE_MODE_LABELS[p.fees.mode] });
  }
  for (const d of p.fees.durations) facts.push({ label: d.label, value: `${d.weeks} 周 · ${formatFen(d.fee_fen)}` });
  if (p.fees.parent_pay) facts.push({ label: '家长代付', value: '支持' });
  return (
    <ul className="programme-facts" aria-label="项目信息">
      {facts.map((f) => (
        <li key={f.label}>
          <span className="programme-facts__label">{f.label}</span>
          <span>{f.value}</span>
        </li>
      ))}
    </ul>
  );
}

/** /sbp (and any programme's public page a route gives it): what it is, who may apply, fees and 立即申请. */
export default function ProgrammePublicPage() {
  const { pathname } = useLocation();
  const code = pathname.split('/')[1] ?? '';
  const query = useProgrammePublic(code);

  if (query.isPending) return <div className="page programme-page"><LoadingState rows={8} /></div>;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.msg === MSG.PROGRAMME_NOT_FOUND;
    return <div className="page programme-page">{notFound ? <EmptyState description={MSG.PROGRAMME_NOT_FOUND} /> : <ErrorState onRetry={() => void query.refetch()} />}</div>;
  }
  const p = query.data;
  return (
    <div className="page programme-page">
      <section className="programme-hero">
        <h1>{p.name}</h1>
        {p.summary ? <p>{p.summary}</p> : null}
        {p.window_msg ? (
          <Button size="large" disabled>
            {p.window_msg}
          </Button>
        ) : (
          <Link to={programmeApplyPath(p.code)}>
            <Button size="large" className="programme-hero__cta">
              立即申请
            </Button>
          </Link>
        )}
      </section>

      <Facts p={p} />

      {p.eligibility_notes.length > 0 ? (
        <section className="programme-card">
          <h2 className="programme-card__title">申请条件</h2>
          <ul>
            {p.eligibility_notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {p.steps.length > 0 ? (
        <section className="programme-card">
          <h2 className="programme-card__title">申请流程</h2>
          <ol>
            {p.steps.map((s) => (
              <li key={s.key}>{s.title}</li>
            ))}
          </ol>
        </section>
      ) : null}

      {p.intro_html ? (
        <section className="programme-card">
          <h2 className="programme-card__title">项目介绍</h2>
          {/* Sanitised by the server when an admin saves it (sanitize-html). */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: p.intro_html }} />
        </section>
      ) : null}
    </div>
  );
}
