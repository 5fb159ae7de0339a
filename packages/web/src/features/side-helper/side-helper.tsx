import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { STORAGE_KEYS, authStorage } from '../../lib/auth-storage.ts';
import { useSiteVariant } from '../../lib/site-variant.ts';
import {
  DEADLINE_TITLES,
  GRADE_OPTIONS,
  WELFARE_ITEMS,
  clockOffset,
  countdownParts,
  formatCountdown,
  helperKindFor,
  parseDeadlines,
  togglePopup,
  type DeadlineKey,
  type HelperPopup,
} from './helper-model.ts';
import { ONLINE_NOTICE_PATH } from '@summit/domain/content-slugs';
import { BATCH_TERMS, chineseMonthDayTime, yuanText } from '@summit/domain/programme-terms';
import { useFirstInteraction } from '../../lib/first-interaction.ts';
import { fetchServerNotice, noticeStart, postServerNoticeRead, type SwitchNoticeFigures } from './online-notice-sync.ts';
import { copyText } from './copy-text.ts';
import './side-helper.css';

/** GET /api/site/qr/:which (domain siteQrPath; inlined so zod stays out of this chunk). */
const qrSrc = (which: 'service' | 'official') => `/api/site/qr/${which}`;
/** docs/product/states.md sends a confirmed notice to /student/card/course (decisions 017, 040). */
const CARD_COURSE_PATH: string | null = PATHS.cardCourse;

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** The deadlines and the server clock offset, fetched once; `now` ticks every second. */
function useCountdowns() {
  const [deadlines, setDeadlines] = useState<Array<{ key: DeadlineKey; at: number }>>([]);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const sentAt = Date.now();
    fetch('/api/clock', { headers: { Accept: 'application/json' } })
      .then((r) => r.json() as Promise<{ data?: { now?: unknown } }>)
      .then((b) => {
        if (typeof b.data?.now === 'number') setOffset(clockOffset(b.data.now, sentAt, Date.now()));
      })
      .catch(() => undefined);
    fetch('/api/deadlines', { headers: { Accept: 'application/json' } })
      .then((r) => r.json() as Promise<{ data?: unknown }>)
      .then((b) => setDeadlines(parseDeadlines(b.data)))
      .catch(() => undefined);
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return { deadlines, now: now + offset };
}

function Countdowns({ deadlines, now }: { deadlines: Array<{ key: DeadlineKey; at: number }>; now: number }) {
  if (deadlines.length === 0) return null;
  return (
    <ul className="side-helper__countdowns" aria-label="申请截止倒计时">
      {deadlines.map((d) => (
        <li key={d.key} className="side-helper__countdown" data-key={d.key} title={BATCH_TERMS[d.key].meaning}>
          <span className="side-helper__countdown-title">{DEADLINE_TITLES[d.key]}</span>
          <span className="side-helper__countdown-value" data-testid={`countdown-${d.key}`}>
            {formatCountdown(countdownParts(d.at, now))}
          </span>
        </li>
      ))}
    </ul>
  );
}

function BenefitsDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [grade, setGrade] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [askRegister, setAskRegister] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!grade) {
      setError('请选择');
      return;
    }
    setError('');
    if (!authStorage.isLoggedInAs('student')) {
      setAskRegister(true);
      return;
    }
    setBusy(true);
    try {
      const { studentNextPage } = await import('./student-next-page.ts');
      const target = await studentNextPage();
      onClose();
      if (target) void navigate(target);
    } finally {
      setBusy(false);
    }
  };

  const registerPath = `${PATHS.register}?r=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <div className="side-helper__popup side-helper__popup--benefits" role="dialog" aria-modal="false" aria-labelledby="benefits-title">
      <button type="button" className="side-helper__close" aria-label="关闭" onClick={onClose}>
        ×
      </button>
      <h2 id="benefits-title" className="side-helper__popup-title">
        限时福利
      </h2>
      {askRegister ? (
        <div className="side-helper__register" role="alertdialog" aria-labelledby="benefits-register-title">
          <p id="benefits-register-title" className="side-helper__register-title">
            注册账号即可领取福利
          </p>
          <p className="side-helper__muted">注册后完善个人信息，福利将发送到你的账户，并由项目老师联系你预约咨询。</p>
          <Link className="plain-button plain-button--primary side-helper__wide" to={registerPath} onClick={onClose}>
            立即注册
          </Link>
          <Link className="plain-button side-helper__wide" to={`${PATHS.login}?r=${encodeURIComponent(location.pathname)}`} onClick={onClose}>
            已有账号，去登录
          </Link>
        </div>
      ) : (
        <>
          <ol className="side-helper__welfare">
            {WELFARE_ITEMS.map((item) => (
              <li key={item.title}>
                <strong>{item.title}</strong>
                <span className="side-helper__muted">{item.detail}</span>
                <span className="side-helper__views">{item.views}</span>
              </li>
            ))}
          </ol>
          <form className="side-helper__form" onSubmit={(e) => void onSubmit(e)} noValidate>
            <label htmlFor="benefits-grade">当前年级</label>
            <select id="benefits-grade" value={grade} onChange={(e) => setGrade(e.target.value)} aria-invalid={error ? true : undefined}>
              <option value="">请选择</option>
              {GRADE_OPTIONS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
            {error ? (
              <p className="side-helper__error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="plain-button plain-button--primary side-helper__wide" disabled={busy}>
              {busy ? '正在前往…' : '免费领取'}
            </button>
          </form>
        </>
      )}
    </div>
  );
}

/** GET /api/site/contact (domain siteContactSchema), read leniently: plain fetch keeps zod out of this chunk. */
interface Contact {
  phone: string;
  email: string;
  wechat_id: string;
  hours: string;
}

function useContact(): Contact | null {
  const [contact, setContact] = useState<Contact | null>(null);
  useEffect(() => {
    let live = true;
    fetch('/api/site/contact', { headers: { Accept: 'application/json' } })
      .then((r) => r.json() as Promise<{ status?: unknown; data?: Partial<Contact> }>)
      .then((b) => {
        const d = b.data;
        if (!live || b.status !== 200 || !d) return;
        if ([d.phone, d.email, d.wechat_id, d.hours].every((v) => typeof v === 'string')) setContact(d as Contact);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return contact;
}

function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const onClick = () => {
    void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'));
  };
  return (
    <>
      <button type="button" className="plain-button side-helper__copy" onClick={onClick} aria-label={`复制微信号 ${text}`}>
        {state === 'copied' ? '已复制' : '复制'}
      </button>
      <span className="side-helper__copy-state" role="status">
        {state === 'copied' ? '已复制微信号，打开微信添加好友即可' : state === 'failed' ? '复制失败，请长按微信号手动复制' : ''}
      </span>
    </>
  );
}

function QrPopup({ which, phone, onClose }: { which: 'service' | 'official'; phone: boolean; onClose: () => void }) {
  const contact = useContact();
  const title = which === 'service' ? '在线客服' : '关注公众号';
  const hint = which === 'service' ? '微信扫码添加项目老师，咨询申请与课程' : '微信扫码关注，获取招生与活动通知';
  return (
    <div className={`side-helper__popup side-helper__popup--${which}`} role="dialog" aria-modal="false" aria-labelledby={`qr-${which}-title`}>
      <button type="button" className="side-helper__close" aria-label="关闭" onClick={onClose}>
        ×
      </button>
      <h2 id={`qr-${which}-title`} className="side-helper__popup-title">
        {title}
      </h2>
      <img className="side-helper__qr" src={qrSrc(which)} width={180} height={180} alt={`${title}二维码`} data-testid={`qr-${which}`} />
      <p className="side-helper__muted">{phone ? `${hint}。在微信中可长按图片识别或保存。` : hint}</p>
      <a className="plain-button side-helper__wide side-helper__save" href={qrSrc(which)} download={`Summit-${title}二维码.png`}>
        保存图片
      </a>
      {which === 'service' && contact ? (
        <dl className="side-helper__contact" data-testid="contact-details">
          <div className="side-helper__contact-row">
            <dt>微信号</dt>
            <dd>
              <span className="side-helper__wechat-id" data-testid="wechat-id">
                {contact.wechat_id}
              </span>
              <CopyButton text={contact.wechat_id} />
            </dd>
          </div>
          <div className="side-helper__contact-row">
            <dt>电话</dt>
            <dd>
              <a href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`}>{contact.phone}</a>
            </dd>
          </div>
          <div className="side-helper__contact-row">
            <dt>邮箱</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </div>
          <div className="side-helper__contact-row">
            <dt>服务时间</dt>
            <dd>{contact.hours}</dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}

/** The student's token when a student is the one logged in, else null (a visitor, or another role). */
function studentToken(): string | null {
  return authStorage.isLoggedInAs('student') ? authStorage.tokenOf('student') : null;
}

/**
 * The 改为线上举办 card's figures when it is open, else null. Only a logged-in student asks, and the server says
 * whether the switch concerns them (decisions 017, 029): a visitor and every other student never see it.
 */
function useOnlineNotice(): [SwitchNoticeFigures | null, () => void] {
  const [start] = useState(() => noticeStart({ studentToken: studentToken() }));
  const [figures, setFigures] = useState<SwitchNoticeFigures | null>(null);
  useEffect(() => {
    const token = studentToken();
    if (!start.checkServer || !token) return;
    let live = true;
    void fetchServerNotice((url, init) => fetch(url, init), token).then((answer) => {
      if (live) setFigures(answer);
    });
    return () => {
      live = false;
    };
  }, [start]);
  return [figures, () => setFigures(null)];
}

function OnlineNotice({ figures, onDone }: { figures: SwitchNoticeFigures; onDone: () => void }) {
  const navigate = useNavigate();
  const confirm = () => {
    authStorage.set(STORAGE_KEYS.onlineNoticeRead, '1');
    // Confirming is what the server records; 关闭 only hides it for this page view.
    const token = studentToken();
    if (token) void postServerNoticeRead((url, init) => fetch(url, init), token);
    onDone();
    void navigate(CARD_COURSE_PATH ?? ONLINE_NOTICE_PATH);
  };
  return (
    <aside className="online-notice" role="status" aria-labelledby="online-notice-title" data-testid="online-notice">
      <p id="online-notice-title" className="online-notice__title">
        通知：本届 Summit 改为线上举办
      </p>
      <p className="online-notice__text">
        {figures.dates}线上进行；你在改为线上之前已缴纳学费，可申请退还 {yuanText(figures.difference_fen)} 元差价，截止 {chineseMonthDayTime(figures.refund_deadline)}。
      </p>
      <div className="online-notice__actions">
        <button type="button" className="plain-button plain-button--primary" onClick={confirm}>
          我已知晓
        </button>
        <button type="button" className="plain-button" onClick={onDone}>
          关闭
        </button>
      </div>
    </aside>
  );
}

/** Scrolls to the top in 100 ms (docs/product/constants.md), respecting reduced motion. */
function scrollToTop() {
  const start = window.scrollY;
  if (start <= 0) return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, 0);
    return;
  }
  const began = performance.now();
  const step = (t: number) => {
    const progress = Math.min(1, (t - began) / 100);
    window.scrollTo(0, Math.round(start * (1 - progress)));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * The side help panel (desktop) and mobile helper (< 768 px) on the spec's fixed public paths. Loaded
 * lazily after first paint by the shell; plain markup, no antd.
 */
export default function SideHelper() {
  const location = useLocation();
  const width = useViewportWidth();
  const { amc, enrolmentOver } = useSiteVariant();
  const kind = helperKindFor(location.pathname, width, amc);
  const [popup, setPopup] = useState<HelperPopup | null>(null);
  const [noticeFigures, closeNotice] = useOnlineNotice();
  // The notice waits for the visitor's first scroll, tap or key (decision 018): never over a page nobody has looked at yet.
  const interacted = useFirstInteraction();
  const { deadlines, now } = useCountdowns();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => setPopup(null), [location.pathname]);
  useEffect(() => {
    if (enrolmentOver && popup === 'benefits') setPopup(null);
  }, [enrolmentOver, popup]);
  useEffect(() => {
    if (!popup) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setPopup(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [popup]);

  if (!kind) return null;
  const open = (which: HelperPopup) => setPopup((current) => togglePopup(current, which));
  const close = () => setPopup(null);
  const showNotice = noticeFigures !== null && interacted && location.pathname !== ONLINE_NOTICE_PATH;

  return (
    <div ref={rootRef} className={`side-helper side-helper--${kind}`} data-testid="side-helper" data-kind={kind} data-interacted={interacted}>
      <nav className="side-helper__bar" aria-label="咨询与福利">
        {!enrolmentOver ? (
          <button type="button" className="side-helper__button side-helper__button--accent" aria-expanded={popup === 'benefits'} onClick={() => open('benefits')}>
            限时福利
          </button>
        ) : null}
        <button type="button" className="side-helper__button" aria-expanded={popup === 'service'} onClick={() => open('service')}>
          在线客服
        </button>
        <button type="button" className="side-helper__button" aria-expanded={popup === 'official'} onClick={() => open('official')}>
          关注公众号
        </button>
        <button type="button" className="side-helper__button side-helper__button--top" aria-label="回到顶部" onClick={scrollToTop}>
          顶部
        </button>
      </nav>
      {kind === 'side' && !enrolmentOver ? <Countdowns deadlines={deadlines} now={now} /> : null}
      {kind === 'mobile' && !enrolmentOver && deadlines.length > 0 ? (
        <details className="side-helper__mobile-deadlines">
          <summary>截止倒计时</summary>
          <Countdowns deadlines={deadlines} now={now} />
        </details>
      ) : null}
      {popup === 'benefits' ? <BenefitsDialog onClose={close} /> : null}
      {popup === 'service' || popup === 'official' ? <QrPopup which={popup} phone={kind === 'mobile'} onClose={close} /> : null}
      {showNotice && noticeFigures ? <OnlineNotice figures={noticeFigures} onDone={closeNotice} /> : null}
    </div>
  );
}
