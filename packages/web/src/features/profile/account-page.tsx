import { useState, type ReactNode } from 'react';
import { Button, Descriptions } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authInfoSchema } from '@summit/domain/api/auth';
import { studentInfoSchema } from '@summit/domain/api/student';
import { PATHS } from '../../lib/paths.ts';
import { api } from '../../lib/api-client.ts';
import { maskPhone } from '../../lib/phone-mask.ts';
import { SESSION_KEYS, logout } from '../../lib/session.ts';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { MyApplicationCard } from './my-application-card.tsx';
import { EmailVerifyStatus } from '../../components/email-verify-status.tsx';
import './profile.css';

const ROLE_LABELS: Record<string, string> = { STUDENT: '学生', TEACHER: '教师', SCHOOL: '学校', SL: '学生领袖' };

/**
 * /account (个人中心): a student's 我的申请 first, then who is logged in, with 编辑资料, 修改密码, 登录设备 and 退出登录;
 * `classHub` (composed in app/) is a student's way into 学习中心 once they hold courses; `programmesCard` lists the
 * other programmes (decisions 075, 076) with each one's next step, first when `programmesFirst` (a student admitted
 * to another programme who has not begun the summer one: decision 088).
 */
export default function AccountPage({ classHub, wechatCard, programmesCard, programmesFirst = false }: { classHub?: ReactNode; wechatCard?: ReactNode; programmesCard?: ReactNode; programmesFirst?: boolean }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const auth = useQuery({
    queryKey: [...SESSION_KEYS.authInfo, 'page'],
    queryFn: ({ signal }) => api.get('/auth/info', { schema: authInfoSchema, signal }),
  });
  const isStudent = auth.data?.type === 'STUDENT';
  const student = useQuery({
    queryKey: SESSION_KEYS.studentInfo,
    queryFn: ({ signal }) => api.get('/student/info', { schema: studentInfoSchema, signal }),
    enabled: isStudent,
  });

  const signOut = async () => {
    setLeaving(true);
    await logout(PATHS.login);
  };

  let body;
  if (auth.isPending || (isStudent && student.isPending)) {
    body = <LoadingState rows={5} />;
  } else if (auth.isError || student.isError) {
    body = (
      <ErrorState
        onRetry={() => {
          void auth.refetch();
          if (isStudent) void student.refetch();
        }}
      />
    );
  } else {
    const info = student.data;
    const items = [
      { key: 'phone', label: '手机号', children: maskPhone(info?.phone ?? auth.data.phone) },
      { key: 'name', label: '姓名', children: info?.name || auth.data.name || '未填写' },
      ...(isStudent
        ? [
            { key: 'email', label: '邮箱', children: info?.email ? <EmailVerifyStatus /> : '未填写' },
            { key: 'school', label: '学校', children: info?.school_name || '未填写' },
          ]
        : [{ key: 'role', label: '账号类型', children: ROLE_LABELS[auth.data.type] ?? auth.data.type }]),
    ];
    body = (
      <>
        <Descriptions column={1} items={items} className="account-details" />
        <div className="account-actions">
          {isStudent ? classHub : null}
          {isStudent ? (
            <Button type="primary" onClick={() => void navigate(PATHS.accountEdit)}>
              编辑资料
            </Button>
          ) : null}
          <Button onClick={() => void navigate(PATHS.reset)}>修改密码</Button>
          <Button onClick={() => void navigate(PATHS.accountDevices)}>登录设备</Button>
          {auth.data.type === 'TEACHER' || auth.data.type === 'SCHOOL' ? <Button onClick={() => void navigate(PATHS.accountSecurity)}>两步验证</Button> : null}
          <Button onClick={() => void navigate(PATHS.changeId)}>切换身份</Button>
          <Button danger loading={leaving} onClick={() => void signOut()}>
            退出登录
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="page page--narrow">
      <h1 className="page__title">我的账户</h1>
      {isStudent && programmesFirst ? programmesCard : null}
      {isStudent ? <MyApplicationCard /> : null}
      {isStudent && !programmesFirst ? programmesCard : null}
      <section className="profile-card">{body}</section>
      {isStudent ? wechatCard : null}
    </div>
  );
}
