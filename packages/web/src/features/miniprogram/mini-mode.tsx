import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { mpLandingCreatedSchema, type MpLandingCreated, type MpMe } from '@summit/domain/api/miniprogram';
import { api } from '../../lib/api-client.ts';
import { STORAGE_KEYS, authStorage } from '../../lib/auth-storage.ts';
import { postShare } from '../../lib/miniprogram-bridge.ts';
import { bindKeptReferrer, fetchMiniMe } from '../../lib/miniprogram-session.ts';
import { isMiniProgram } from '../../lib/platform.ts';
import './miniprogram.css';

/** The student's mini-program side, read once per login (null: not a student, or not read yet). */
function useMiniMe(loggedIn: boolean): MpMe | null {
  const [me, setMe] = useState<MpMe | null>(null);
  useEffect(() => {
    if (!loggedIn) {
      setMe(null);
      return;
    }
    const controller = new AbortController();
    fetchMiniMe(controller.signal).then(setMe, () => setMe(null));
    return () => controller.abort();
  }, [loggedIn]);
  return me;
}

/** 推荐给好友: how to share this page in the mini-program, and a mini-program code of it that carries the student as referrer. */
function RecommendSheet({ onClose }: { onClose: () => void }) {
  const location = useLocation();
  const [card, setCard] = useState<MpLandingCreated | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .post('/student/mini/landing', { path: `${location.pathname}${location.search}`, title: document.title.replace(/^.*?[-|｜]\s*/, '').slice(0, 40) || undefined }, { schema: mpLandingCreatedSchema, quiet: true })
      .then((made) => live && setCard(made), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [location.pathname, location.search]);
  return (
    <div className="mp-recommend__backdrop" onClick={onClose}>
      <section className="mp-recommend__sheet" role="dialog" aria-modal="true" aria-labelledby="mp-recommend-title" onClick={(e) => e.stopPropagation()}>
        <h2 id="mp-recommend-title">推荐给好友</h2>
        <ol className="mp-recommend__steps">
          <li>点击右上角「···」，选择「转发给朋友」，好友打开后会记录你的推荐</li>
          <li>或长按保存下方的小程序码，发给好友扫码进入本页</li>
        </ol>
        <div className="mp-recommend__code">
          {card ? <img src={card.qr_image} width={160} height={160} alt="本页的小程序码（带你的推荐）" /> : failed ? <span>小程序码暂不可用，请稍后重试</span> : <span role="status">正在生成小程序码…</span>}
        </div>
        <button type="button" className="mp-recommend__close" onClick={onClose}>
          知道了
        </button>
      </section>
    </div>
  );
}

/**
 * Mini-program mode (decision 097), mounted by the shell inside the mini-program's web-view (and wherever a referrer
 * waits): binds the kept `mini_referrer_id` once a student is logged in, tells the mini-program what to share for
 * each page, and shows the recommendation icon, which belongs to club users inside a mini-program only.
 */
export default function MiniMode() {
  const location = useLocation();
  const loggedIn = authStorage.isLoggedInAs('student');
  const inMini = isMiniProgram();
  const me = useMiniMe(loggedIn && inMini);
  const [open, setOpen] = useState(false);
  const kept = authStorage.get(STORAGE_KEYS.referrerId);

  useEffect(() => {
    if (loggedIn && kept) void bindKeptReferrer();
  }, [loggedIn, kept]);

  useEffect(() => {
    if (!inMini) return;
    void postShare({ type: 'share', path: `${location.pathname}${location.search}`, title: document.title, referrer_id: me?.referrer_id ?? null });
  }, [inMini, location.pathname, location.search, me?.referrer_id]);

  if (!inMini || !me?.club) return null;
  return (
    <>
      <button type="button" className="mp-recommend" aria-label="推荐给好友" data-testid="mini-recommend" onClick={() => setOpen(true)}>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 3 l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.8z" fill="currentColor" />
        </svg>
        <span>推荐</span>
      </button>
      {open ? <RecommendSheet onClose={() => setOpen(false)} /> : null}
    </>
  );
}
