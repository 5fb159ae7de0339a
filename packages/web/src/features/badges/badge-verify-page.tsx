import { useState } from 'react';
import { Button, Input } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { BadgeVerification } from '@summit/domain/badges';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { BadgeMedal } from './badge-medal.tsx';
import { BADGE_KEYS, fetchVerification, verifySubmitted } from './badges-api.ts';
import { VERIFY_DETAIL, VERIFY_HEADLINE, beijingDay } from './badges-format.ts';
import './badges.css';

function Result({ v }: { v: BadgeVerification }) {
  return (
    <section className={`bdg-result bdg-result--${v.status}`} aria-label="验证结果" data-testid="badge-verify-result" data-status={v.status}>
      <h2>{VERIFY_HEADLINE[v.status]}</h2>
      <p>{v.problem ?? VERIFY_DETAIL[v.status]}</p>
      {v.badge ? (
        <div className="bdg-result__badge">
          {v.badge.emblem ? <BadgeMedal name={v.badge.name} emblem={v.badge.emblem} colour={v.badge.colour} size={56} dim={v.status !== 'valid'} /> : null}
          <div>
            <strong>{v.badge.name}</strong>
            <p>{v.badge.description}</p>
          </div>
        </div>
      ) : null}
      <dl className="bdg-dl">
        {v.holder_name ? (
          <>
            <dt>持有人</dt>
            <dd>{v.holder_name}</dd>
          </>
        ) : null}
        {v.badge?.criteria_text ? (
          <>
            <dt>获得条件</dt>
            <dd>{v.badge.criteria_text}</dd>
          </>
        ) : null}
        <dt>颁发者</dt>
        <dd>{v.issuer_name}</dd>
        {v.issued_at ? (
          <>
            <dt>颁发日期</dt>
            <dd>{beijingDay(v.issued_at)}</dd>
          </>
        ) : null}
        {v.revoked_at ? (
          <>
            <dt>撤销日期</dt>
            <dd>{beijingDay(v.revoked_at)}</dd>
          </>
        ) : null}
        {v.public_id ? (
          <>
            <dt>凭证编号</dt>
            <dd>urn:uuid:{v.public_id}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function VerifyHeld() {
  const [text, setText] = useState('');
  const check = useMutation({ mutationFn: (credential: string) => verifySubmitted(credential) });
  return (
    <section className="bdg-form" aria-label="验证凭证文件">
      <label htmlFor="bdg-credential">验证一份凭证文件</label>
      <span className="bdg-meta">粘贴下载的徽章凭证（.json 文件内容或 JWT），核验签名与撤销状态。</span>
      <Input.TextArea id="bdg-credential" rows={4} value={text} onChange={(e) => setText(e.target.value)} maxLength={20000} />
      <div className="bdg-actions">
        <Button type="primary" loading={check.isPending} disabled={text.trim() === ''} onClick={() => check.mutate(text)}>
          验证
        </Button>
      </div>
      {check.data ? <Result v={check.data} /> : null}
    </section>
  );
}

/** /badges/verify/{id}: public — is this badge credential genuine and still standing; the holder's name masked. */
export default function BadgeVerifyPage() {
  const publicId = useParams().publicId ?? '';
  const query = useQuery({ queryKey: BADGE_KEYS.verify(publicId), queryFn: ({ signal }) => fetchVerification(publicId, { signal }), retry: false });
  return (
    <div className="bdg-verify">
      <h1>徽章验证</h1>
      {query.isPending ? (
        <LoadingState rows={3} />
      ) : query.isError ? (
        <ErrorState title="凭证不存在" detail="验证地址无效，请核对徽章持有人提供的链接。" />
      ) : (
        <Result v={query.data} />
      )}
      <VerifyHeld />
    </div>
  );
}
