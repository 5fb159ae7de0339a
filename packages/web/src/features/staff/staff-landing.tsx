import { useState, type ReactNode } from 'react';
import { Button, Descriptions } from 'antd';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { maskPhone } from '../../lib/phone-mask.ts';
import { logout } from '../../lib/session.ts';
import { ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import './staff-landing.css';

export interface StaffField {
  label: string;
  value: ReactNode;
}

/**
 * Landing of a staff area for this milestone: the account as the API knows it, what is coming, and
 * 退出登录. Later issues replace the body with the real workbench.
 */
export function StaffLanding({
  heading,
  intro,
  query,
  fields,
  comingSoon,
  denied,
}: {
  heading: string;
  intro: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  fields: (phoneMasker: (phone: string) => string) => StaffField[] | null;
  comingSoon: string;
  /** Set when the account may not use this area (e.g. a teacher on /admin). */
  denied?: string | null;
}) {
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();
  const signOut = async () => {
    setLeaving(true);
    await logout(PATHS.login);
  };

  let body: ReactNode;
  if (query.isPending) body = <LoadingState rows={4} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else if (denied) body = <ForbiddenState title={denied} detail="请使用有权限的账号登录。" />;
  else {
    const list = fields(maskPhone) ?? [];
    body = (
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        items={list.map((f) => ({ key: f.label, label: f.label, children: f.value }))}
        className="staff-details"
      />
    );
  }

  return (
    <div className="page staff-landing">
      <header className="staff-landing__header">
        <div>
          <h1 className="page__title">{heading}</h1>
          <p className="staff-landing__intro">{intro}</p>
        </div>
        <div className="staff-landing__actions">
          <Button onClick={() => void navigate(PATHS.accountDevices)}>登录设备</Button>
          <Button href={PATHS.accountSecurity}>两步验证</Button>
          <Button onClick={() => void signOut()} loading={leaving}>
            退出登录
          </Button>
        </div>
      </header>
      <section className="staff-landing__card" aria-label="账号信息">
        {body}
      </section>
      {!denied ? (
        <section className="staff-landing__card staff-landing__soon">
          <h2>即将开放</h2>
          <p>{comingSoon}</p>
        </section>
      ) : null}
    </div>
  );
}
