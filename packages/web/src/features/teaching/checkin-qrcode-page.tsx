import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { Link, useLocation, useParams } from 'react-router';
import QRCode from 'qrcode';
import { TEACHING_MSG, type SignQr, type SignSummary } from '@summit/domain/api/teaching';
import { MSG } from '@summit/domain/messages';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { PATHS, checkinPath } from '../../lib/paths.ts';
import { toast } from '../../lib/notifier.ts';
import { TEACHING_KEYS, closeSign, fetchSign, fetchSignQr, isForbidden } from './teaching-api.ts';
import { areaOf, formatClock, signCoursePath } from './teaching-format.ts';
import './teaching.css';

/** Polled well inside a 15 s period, so the code on screen is never more than a few seconds behind the server's. */
const POLL_MS = 3000;

/**
 * /teacher/checkin-qrcode/{id} (and /admin/…): a full-screen QR that changes every 15 s. It encodes this site's
 * /student/checkin?t=<token>; the token is signed by the server and accepted for two periods only. 结束签到 ends the
 * sign-in here (a code still on a phone is then refused with 签到已结束); the page always leads back to the course.
 */
export default function CheckinQrcodePage() {
  const id = Number(useParams().id);
  const area = areaOf(useLocation().pathname);
  const valid = Number.isInteger(id) && id > 0;
  const client = useQueryClient();
  const [ended, setEnded] = useState<{ summary: SignSummary; qr: SignQr } | null>(null);
  const q = useQuery({
    queryKey: TEACHING_KEYS.qr(id),
    queryFn: ({ signal }) => fetchSignQr(id, signal),
    enabled: valid && !ended,
    retry: false,
    refetchInterval: (query) => (query.state.error ? false : POLL_MS),
  });
  // The code is refused once the sign-in is over (a reload after 结束签到): the roll call still names the course.
  const sign = useQuery({
    queryKey: TEACHING_KEYS.sign(id),
    queryFn: ({ signal }) => fetchSign(id, signal),
    enabled: valid && q.isError && !isForbidden(q.error),
    retry: false,
  });
  const close = useMutation({
    mutationFn: () => closeSign(id),
    onSuccess: (summary) => {
      if (q.data) setEnded({ summary, qr: q.data });
      toast('success', TEACHING_MSG.SIGN_CLOSED);
      void client.invalidateQueries({ queryKey: TEACHING_KEYS.all });
    },
  });
  const [image, setImage] = useState<string | null>(null);
  const link = q.data && !ended ? `${window.location.origin}${q.data.url}` : null;
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

  const backToList = area === 'admin' ? null : <Link to={PATHS.teacherCheckinList}>返回签到列表</Link>;
  let body;
  if (!valid) body = <EmptyState description="签到不存在" />;
  else if (ended)
    body = (
      <div className="teach-qr" data-testid="sign-ended">
        <h1 className="page__title">{ended.qr.course_title} · 签到已结束</h1>
        <p className="teach-qr__count">
          已签到 {ended.summary.checked_in}/{ended.summary.enrolled}
        </p>
        <p className="teach-muted">学生再扫码将提示签到已结束；未签到的同学可在名单中修改出勤。</p>
        <nav className="teach-actions" aria-label="签到后">
          <Link to={checkinPath(area, id, true)}>查看名单与点名</Link>
          <Link to={signCoursePath(area, ended.qr)}>返回课程</Link>
        </nav>
      </div>
    );
  else if (q.isPending) body = <LoadingState rows={6} />;
  else if (q.isError)
    body = isForbidden(q.error) ? (
      <ForbiddenState title={MSG.NO_PERMISSION} detail="这次签到不属于你的课程。" />
    ) : (
      <>
        <ErrorState title={q.error instanceof ApiError ? q.error.msg : '加载失败'} onRetry={() => void q.refetch()} />
        <nav className="teach-actions" aria-label="签到">
          <Link to={checkinPath(area, id, true)}>查看名单与点名</Link>
          {sign.data ? <Link to={signCoursePath(area, sign.data)}>返回课程</Link> : null}
          {backToList}
        </nav>
      </>
    );
  else
    body = (
      <div className="teach-qr">
        <h1 className="page__title">{q.data.course_title ? `${q.data.course_title} · ` : ''}扫码签到</h1>
        <p className="teach-muted">请用手机扫描二维码签到（二维码每 15 秒更新，截图无效）</p>
        {image ? <img src={image} alt="签到二维码" data-token={q.data.token} /> : <LoadingState rows={4} />}
        <p className="teach-qr__count" aria-live="polite">
          已签到 {q.data.checked_in}/{q.data.enrolled}
        </p>
        <p className="teach-muted">{formatClock(q.data.closes_at)} 自动结束签到</p>
        <nav className="teach-actions" aria-label="签到操作">
          <Popconfirm title="结束后学生将无法再扫码签到，确定结束签到？" okText="结束签到" cancelText="取消" onConfirm={() => close.mutate()}>
            <Button danger loading={close.isPending}>
              结束签到
            </Button>
          </Popconfirm>
          <Link to={checkinPath(area, id, true)}>查看名单与点名</Link>
          <Link to={signCoursePath(area, q.data)}>返回课程</Link>
        </nav>
      </div>
    );
  return <div className="teach-page">{body}</div>;
}
