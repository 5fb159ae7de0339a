import { useEffect, useState } from 'react';
import { Button, Segmented } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { AID_STATUS_LABELS, type OfferLetter } from '@summit/domain/api/admission';
import type { ParentLink } from '@summit/domain/api/payments';
import { PAGES } from '@summit/domain/pages';
import { isOfferIssued, type StudentStatus } from '@summit/domain/student-status';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { toast } from '../../lib/notifier.ts';
import { ADMISSION_KEYS, createParentLink, downloadOfferPdf, fetchBursary, fetchOfferLetter, fetchStatus } from './admission-api.ts';
import { formatMoney } from '../../components/payment/money.ts';
import { PaymentPanel } from '../../components/payment/payment-panel.tsx';
import { StudentRefunds } from './student-refunds.tsx';
import { ReceiptLinks } from './receipt-links.tsx';
import { TuitionPayment } from './tuition-payment.tsx';
import { QrCode } from '../../components/payment/qr-code.tsx';
import { PATHS } from '../../lib/paths.ts';
import { isAmcSite } from './amc.ts';
import { OfflineToOnlineDialog } from './offline-to-online-dialog.tsx';
import './admission.css';

type Tab = 'offer' | 'pay' | 'success';
// The letter tab has its own address (spec /student/admission/offer): /student/admission itself is the
// landing that opens the tab the student needs now (缴费成功 first once tuition is paid).
const TAB_PATHS: Record<Tab, string> = { offer: PATHS.admissionOffer, pay: PAGES.admissionPay, success: PAGES.admissionSuccess };

function tabOf(pathname: string): Tab {
  if (pathname.startsWith(PAGES.admissionPay)) return 'pay';
  if (pathname.startsWith(PAGES.admissionSuccess)) return 'success';
  return 'offer';
}

const shanghai = (iso: string) => dayjs(iso).tz().format('YYYY年M月D日 HH:mm');
const shanghaiDate = (iso: string) => dayjs(iso).tz().format('YYYY年M月D日');

export function OfferLetterView({ letter }: { letter: OfferLetter }) {
  return (
    <article className="adm-letter" aria-label="录取通知书">
      <p className="adm-letter__programme">{letter.programme}</p>
      <h2 className="adm-letter__title">录取通知书</h2>
      <p className="adm-letter__no">通知书编号：{letter.letter_no}</p>
      <p>亲爱的 {letter.student_name} 同学：</p>
      <p>
        祝贺你！经项目招生委员会审核，你已被 {letter.programme} 正式录取。你在申请中展现的学术热情与潜力给我们留下了深刻印象，我们期待与你共度一个充实的夏天。
      </p>
      <dl className="adm-facts">
        <dt>录取期次</dt>
        <dd>{letter.place_name ?? '待定'}</dd>
        <dt>专业方向</dt>
        <dd>{letter.professional_track ?? '待定'}</dd>
        <dt>录取日期</dt>
        <dd>{shanghaiDate(letter.issued_at)}</dd>
        <dt>学费</dt>
        <dd>
          {formatMoney(letter.tuition_fen, letter.currency)}
          {letter.aid_fen > 0 ? `（已扣除助学金 ${formatMoney(letter.aid_fen, letter.currency)}）` : ''}
        </dd>
        <dt>缴费截止</dt>
        <dd>{shanghaiDate(letter.pay_by)}（北京时间）</dd>
        <dt>缴费状态</dt>
        <dd>{letter.tuition_paid && letter.tuition_paid_at ? `已缴费（${shanghai(letter.tuition_paid_at)}）` : '未缴费'}</dd>
      </dl>
      <p>请在缴费截止日期前完成学费缴纳，逾期未缴费的，项目有权不再保留你的录取名额。</p>
      <p className="adm-letter__sign">
        {letter.programme} 招生委员会
        <br />
        {shanghaiDate(letter.issued_at)}
      </p>
    </article>
  );
}

function OfferTab({ letter }: { letter: OfferLetter }) {
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadOfferPdf(letter.letter_no);
    } catch {
      // The client's handler showed why.
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <OfferLetterView letter={letter} />
      <div className="adm-actions">
        {!letter.tuition_paid ? (
          <Button type="primary" size="large" className="adm-button" onClick={() => void navigate(PAGES.admissionPay)}>
            去缴纳学费
          </Button>
        ) : null}
        <Button size="large" className="adm-button" loading={downloading} onClick={() => void download()}>
          下载PDF
        </Button>
        <Link className="adm-link" to={PATHS.admissionLetter}>
          打印版通知书
        </Link>
      </div>
      <section className="adm-card adm-verify-note">
        <h3>真伪验证</h3>
        <p>任何人都可以通过以下地址核验这份录取通知书的真实性：</p>
        <a className="adm-link adm-break" href={letter.verify_url} target="_blank" rel="noopener noreferrer">
          {letter.verify_url}
        </a>
      </section>
    </>
  );
}

function ParentLinkSection() {
  const [link, setLink] = useState<ParentLink | null>(null);
  const [busy, setBusy] = useState(false);
  const fullUrl = link ? new URL(link.url, window.location.origin).toString() : '';
  const make = async () => {
    setBusy(true);
    try {
      setLink(await createParentLink());
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(fullUrl);
      toast('success', '链接已复制，请发送给家长');
    } catch {
      toast('error', '复制失败，请长按链接手动复制');
    }
  };
  return (
    <section className="adm-card adm-parent" aria-label="请家长代付">
      <h3>请家长代付</h3>
      <p className="adm-muted">生成一个专属支付链接发给家长，家长无需登录即可在手机或电脑上支付学费。新链接生成后，旧链接即失效。</p>
      {link ? (
        <div className="adm-parent__link">
          <QrCode value={fullUrl} size={160} label="家长代付链接二维码" />
          <p className="adm-break" data-testid="parent-link">
            {fullUrl}
          </p>
          <p className="adm-muted">有效期至 {shanghai(link.expires_at)}</p>
          <Button type="primary" size="large" block className="adm-button" onClick={() => void copy()}>
            复制链接
          </Button>
          <Button block className="adm-button" loading={busy} onClick={() => void make()}>
            重新生成链接
          </Button>
          <p className="adm-pay__status" role="status">
            家长支付完成后，本页面将自动更新。
          </p>
        </div>
      ) : (
        <Button size="large" block className="adm-button" loading={busy} onClick={() => void make()}>
          请家长代付
        </Button>
      )}
    </section>
  );
}

function PayTab({ letter, onPaid }: { letter: OfferLetter; onPaid: () => void }) {
  const bursary = useQuery({ queryKey: ADMISSION_KEYS.bursary, queryFn: ({ signal }) => fetchBursary(signal) });
  const amc = isAmcSite();
  return (
    <>
      <TuitionPayment wholeFen={letter.tuition_fen} offerStripe onAllPaid={onPaid} />
      <section className="adm-card">
        <dl className="adm-facts">
          <dt>学费标准</dt>
          <dd>{formatMoney(letter.fee_fen, letter.currency)}</dd>
          {!amc ? (
            <>
              <dt>助学金</dt>
              <dd>
                {bursary.data
                  ? `${AID_STATUS_LABELS[bursary.data.status]}${bursary.data.status === 'granted' ? `：${formatMoney(bursary.data.granted_fen)}` : ''}`
                  : bursary.isPending
                    ? '…'
                    : '未申请'}
              </dd>
            </>
          ) : null}
          <dt>应付金额</dt>
          <dd>
            <strong>{formatMoney(letter.tuition_fen, letter.currency)}</strong>
          </dd>
          {letter.schedule.length === 0 ? (
            <>
              <dt>缴费截止</dt>
              <dd>{shanghaiDate(letter.pay_by)}</dd>
            </>
          ) : null}
        </dl>
        {!amc && !bursary.data && !bursary.isPending ? (
          <Link className="adm-link" to={PATHS.financialAid}>
            经济困难？申请助学金
          </Link>
        ) : null}
        <p className="adm-muted">
          缴费前请阅读<Link to={PATHS.admissionNotices}>退费政策</Link>。
        </p>
      </section>
      <ParentLinkSection />
    </>
  );
}

function SuccessTab({ letter, status }: { letter: OfferLetter; status: StudentStatus }) {
  const navigate = useNavigate();
  if (!status.is_tuition_paid) {
    return <EmptyState description="尚未缴纳学费" action={<Button type="primary" className="adm-button" onClick={() => void navigate(PAGES.admissionPay)}>去缴纳学费</Button>} />;
  }
  const paidAt = status.tuition_paid_at ?? letter.tuition_paid_at;
  return (
    <section className="adm-card adm-result adm-result--ok">
      <h2 className="adm-result__title">学费缴纳成功</h2>
      <dl className="adm-facts">
        <dt>缴费金额</dt>
        <dd>{formatMoney(letter.tuition_fen, letter.currency)}</dd>
        <dt>缴费时间</dt>
        <dd>{paidAt ? shanghai(paidAt) : '—'}</dd>
        <dt>录取期次</dt>
        <dd>{letter.place_name ?? '待定'}</dd>
      </dl>
      <h3>接下来</h3>
      <ol className="adm-steps">
        <li>
          完成<Link to={PATHS.checklist} data-testid="checklist-link">入学清单</Link>：按时填写基本信息、健康信息、邮寄地址等入学材料。
        </li>
        <li>
          会场与学院结果将在网站公布，可随时在<Link to={PATHS.cardCourse}>我的会场与选课</Link>查看。
        </li>
        <li>会场结果公布后，登录网站完成选课。</li>
        <li>如需退费，请先阅读退费政策，并在规定时间内联系项目办公室。</li>
      </ol>
      <ReceiptLinks purpose="tuition" />
      <Button size="large" block className="adm-button" onClick={() => void navigate(PATHS.admissionOffer)}>
        查看录取通知书
      </Button>
    </section>
  );
}

/** /student/admission/{tab?}: the offer letter, tuition payment (self or parent), and paid success. */
export default function AdmissionPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathTab = tabOf(location.pathname);
  const landing = location.pathname.replace(/\/+$/, '') === PAGES.admission;
  const status = useQuery({
    queryKey: ADMISSION_KEYS.status,
    queryFn: ({ signal }) => fetchStatus(signal),
    // On the pay tab the status is re-read, so a parent's payment flips the page to success.
    refetchInterval: (q) => (pathTab === 'pay' && !q.state.data?.is_tuition_paid ? 4_000 : false),
  });
  const released = Boolean(status.data && isOfferIssued(status.data));
  const letter = useQuery({ queryKey: ADMISSION_KEYS.offer, queryFn: fetchOfferLetter, enabled: released, retry: false });
  const paid = Boolean(status.data?.is_tuition_paid);
  // The landing shows 缴费成功 itself once paid (a dialog elsewhere may hold navigation), then takes its address.
  const tab: Tab = landing && paid ? 'success' : pathTab;

  useEffect(() => {
    if (landing && paid) void navigate(PAGES.admissionSuccess, { replace: true });
  }, [landing, paid, navigate]);

  useEffect(() => {
    if (tab === 'pay' && paid) {
      void queryClient.invalidateQueries({ queryKey: ADMISSION_KEYS.offer });
      void navigate(PAGES.admissionSuccess, { replace: true });
    }
  }, [tab, paid, navigate, queryClient]);

  const onPaid = () => {
    void queryClient.invalidateQueries({ queryKey: ADMISSION_KEYS.status });
    void queryClient.invalidateQueries({ queryKey: ADMISSION_KEYS.offer });
  };

  let body;
  if (status.isPending) body = <LoadingState rows={6} />;
  else if (status.isError) body = <ErrorState onRetry={() => void status.refetch()} />;
  else if (!released) body = <EmptyState description="录取结果尚未发布，发布后你将在这里看到录取通知书。" />;
  else if (letter.isPending) body = <LoadingState rows={8} />;
  else if (letter.isError) body = <ErrorState onRetry={() => void letter.refetch()} />;
  else if (tab === 'pay') body = paid ? <LoadingState /> : <PayTab letter={letter.data} onPaid={onPaid} />;
  else if (tab === 'success') body = <SuccessTab letter={letter.data} status={status.data} />;
  else body = <OfferTab letter={letter.data} />;

  return (
    <div className="page page--narrow adm-page">
      <h1 className="page__title">录取通知</h1>
      {released ? (
        <Segmented
          block
          className="adm-tabs"
          value={tab}
          onChange={(value) => void navigate(TAB_PATHS[value as Tab])}
          options={[
            { label: '录取通知书', value: 'offer' },
            { label: '缴纳学费', value: 'pay', disabled: paid },
            { label: '缴费成功', value: 'success' },
          ]}
        />
      ) : null}
      {body}
      {released ? <StudentRefunds /> : null}
      <OfflineToOnlineDialog enabled={paid} />
    </div>
  );
}
