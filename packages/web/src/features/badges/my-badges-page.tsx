import { useState } from 'react';
import { Button, Tag, message } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BADGE_CRITERION_LABEL, type MyBadgeAward } from '@summit/domain/badges';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { BadgeMedal } from './badge-medal.tsx';
import { BADGE_KEYS, downloadCredential, fetchMyBadges } from './badges-api.ts';
import { beijingDay, splitCatalogue, verifyUrl } from './badges-format.ts';
import './badges.css';

function DownloadCredential({ award }: { award: MyBadgeAward }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCredential(award.id, award.badge.name);
    } catch {
      // The client's handler showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void download()}>
      下载凭证
    </Button>
  );
}

function CopyLink({ path }: { path: string }) {
  const [toast, holder] = message.useMessage();
  const url = verifyUrl(window.location.origin, path);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void toast.success('验证链接已复制');
    } catch {
      // Some in-app browsers (WeChat) refuse the clipboard: show the link to copy by hand.
      void toast.info(url, 8);
    }
  };
  return (
    <>
      {holder}
      <Button onClick={() => void copy()}>复制验证链接</Button>
    </>
  );
}

function AwardCard({ award }: { award: MyBadgeAward }) {
  const revoked = award.revoked_at !== null;
  return (
    <li className="bdg-card" data-testid={`my-badge-${award.badge.id}`}>
      <BadgeMedal name={award.badge.name} emblem={award.badge.emblem} colour={award.badge.colour} dim={revoked} />
      <div className="bdg-card__body">
        <h3>
          {award.badge.name} {revoked ? <Tag color="red">已撤销</Tag> : <Tag color="green">有效</Tag>}
        </h3>
        <p>{award.badge.description}</p>
        <p className="bdg-meta">获得于 {beijingDay(award.awarded_at)}{award.note ? ` · ${award.note}` : ''}</p>
        {revoked ? <p className="bdg-revoked">撤销原因：{award.revoke_reason}</p> : null}
        {revoked ? null : (
          <>
            <p className="bdg-meta">验证链接可分享给学校或老师，对方无需登录即可核实。</p>
            <div className="bdg-actions">
              <Link to={award.verify_path}>查看验证页</Link>
              <CopyLink path={award.verify_path} />
              <DownloadCredential award={award} />
            </div>
          </>
        )}
      </div>
    </li>
  );
}

/** /badges: the student's badges (each an Open Badges 3.0 credential) and the programme's catalogue with its criteria. */
export default function MyBadgesPage() {
  const query = useQuery({ queryKey: BADGE_KEYS.mine, queryFn: ({ signal }) => fetchMyBadges({ signal }) });
  let body;
  if (query.isPending) body = <LoadingState rows={4} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const held = new Set(query.data.awards.filter((a) => a.revoked_at === null).map((a) => a.badge.id));
    const { toEarn } = splitCatalogue(query.data.catalogue, held);
    body = (
      <>
        <section className="bdg-section" aria-labelledby="bdg-mine">
          <h2 id="bdg-mine">我的徽章（{held.size}）</h2>
          {query.data.awards.length === 0 ? (
            <EmptyState description="还没有徽章。按下方的获得条件参加课程与活动，徽章会自动颁发到这里。" />
          ) : (
            <ul className="bdg-grid" aria-label="我的徽章">
              {query.data.awards.map((a) => (
                <AwardCard key={a.id} award={a} />
              ))}
            </ul>
          )}
        </section>
        <section className="bdg-section" aria-labelledby="bdg-catalogue">
          <h2 id="bdg-catalogue">可获得的徽章</h2>
          {toEarn.length === 0 ? (
            <p className="bdg-meta">{query.data.catalogue.length === 0 ? '项目暂未发布徽章。' : '目录中的徽章你都已获得，太棒了！'}</p>
          ) : (
            <ul className="bdg-grid" aria-label="徽章目录">
              {toEarn.map((b) => (
                <li key={b.id} className="bdg-card">
                  <BadgeMedal name={b.name} emblem={b.emblem} colour={b.colour} size={56} dim />
                  <div className="bdg-card__body">
                    <h3>{b.name}</h3>
                    <p>{b.description}</p>
                    <p className="bdg-meta">获得条件：{b.criteria_text}</p>
                    <p className="bdg-meta">方式：{BADGE_CRITERION_LABEL[b.criterion]}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }
  return (
    <div className="bdg-page">
      <h1>我的徽章</h1>
      <p className="bdg-intro">
        每枚徽章都是一张 Open Badges 3.0 数字凭证，由项目签名，任何人都可以通过验证链接核实真伪。同学们的表彰见<Link to="/student/card/honor">荣誉榜</Link>。
      </p>
      {body}
    </div>
  );
}
