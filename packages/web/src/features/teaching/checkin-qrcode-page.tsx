import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import QRCode from 'qrcode';
import { MSG } from '@summit/domain';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { checkinPath } from '../../lib/paths.ts';
import { TEACHING_KEYS, fetchSignQr, isForbidden } from './teaching-api.ts';
import { areaOf, formatClock } from './teaching-format.ts';
import './teaching.css';

/** Polled well inside a 15 s period, so the code on screen is never more than a few seconds behind the server's. */
const POLL_MS = 3000;

/**
 * /teacher/checkin-qrcode/{id} (and /admin/…): a full-screen QR that changes every 15 s. It encodes this site's
 * /student/checkin?t=<token>; the token is signed by the server and accepted for two periods only.
 */
export default function CheckinQrcodePage() {
  const id = Number(useParams().id);
  const area = areaOf(useLocation().pathname);
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ queryKey: TEACHING_KEYS.qr(id), queryFn: ({ signal }) => fetchSignQr(id, signal), enabled: valid, retry: false, refetchInterval: (query) => (query.state.error ? false : POLL_MS) });
  const [image, setImage] = useState<string | null>(null);
  const link = q.data ? `${window.location.origin}${q.data.url}` : null;
  useEffect(() => {
    if (!link) return;
    let live = true;
    QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 1, width: 480 }).then(
      (url) => live && setImage(url),
      () => live && setImage(null),
    );
    return () => {
      live = false;
    };
  }, [link]);

  let body;
  if (!valid) body = <EmptyState description="签到不存在" />;
  else if (q.isPending) body = <LoadingState rows={6} />;
  else if (q.isError)
    body = isForbidden(q.error) ? (
      <ForbiddenState title={MSG.NO_PERMISSION} detail="这次签到不属于你的课程。" />
    ) : (
      <ErrorState title={q.error instanceof ApiError ? q.error.msg : '加载失败'} onRetry={() => void q.refetch()} />
    );
  else
    body = (
      <div className="teach-qr">
        <h1 className="page__title">扫码签到</h1>
        <p className="teach-muted">请用手机扫描二维码签到（二维码每 15 秒更新，截图无效）</p>
        {image ? <img src={image} alt="签到二维码" data-token={q.data.token} /> : <LoadingState rows={4} />}
        <p className="teach-qr__count" aria-live="polite">
          已签到 {q.data.checked_in}/{q.data.enrolled}
        </p>
        <p className="teach-muted">{formatClock(q.data.closes_at)} 结束签到</p>
        <Link to={checkinPath(area, id, true)}>查看名单与点名</Link>
      </div>
    );
  return <div className="teach-page">{body}</div>;
}
