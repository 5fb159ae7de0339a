import { Suspense, lazy, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { authStorage } from '../../lib/auth-storage.ts';
import { logout, useAuthInfo, useUnreadMessages } from '../../lib/session.ts';
import { PATHS } from '../../lib/paths.ts';
import type { TopBarKind } from '../routes.ts';
import { Brand } from './brand.tsx';
import { SiteMenu } from './site-menu.tsx';
import { useTopBarHeight } from './use-top-bar-height.ts';

// The student's places (decision 088), fetched only once a student is logged in: visitors never download it.
const StudentNav = lazy(() => import('../nav/student-nav.tsx'));

/** A logged-in student's places in the bar's middle (desktop; the phone has the tab bar instead). */
function StudentPlaces() {
  if (!authStorage.isLoggedInAs('student')) return null;
  return (
    <Suspense fallback={null}>
      <StudentNav variant="top" />
    </Suspense>
  );
}

interface FrameProps {
  variant: string;
  left?: ReactNode;
  center?: ReactNode;
  right?: ReactNode;
  inverted?: boolean;
}

/** Shared frame: fixed height per viewport (docs/product/constants.md), content on the 1188 px grid. */
function TopBarFrame({ variant, left, center, right, inverted = false }: FrameProps) {
  const height = useTopBarHeight();
  if (height === 0) return null;
  return (
    <header className={`topbar topbar--${variant}`} style={{ height }}>
      <div className="topbar__inner">
        <div className="topbar__left">{left ?? <Brand inverted={inverted} />}</div>
        <div className="topbar__center">{center}</div>
        <div className="topbar__right">{right}</div>
      </div>
    </header>
  );
}

/** Logged in: the name, linking to the account page. Logged out: 登录 / 注册 (unless hidden). */
function UserArea({ showGuestLinks = true }: { showGuestLinks?: boolean }) {
  const info = useAuthInfo();
  const unread = useUnreadMessages(info.data?.type === 'STUDENT');
  if (authStorage.currentToken() && info.data) {
    const student = info.data.type === 'STUDENT';
    const user = (
      <Link to={PATHS.account} className={`topbar__user${student ? ' topbar__user--student' : ''}`} title="我的账户">
        <span className="topbar__avatar" aria-hidden="true">
          {info.data.name.slice(0, 1) || '我'}
        </span>
        <span className="topbar__user-name">{info.data.name || '我的账户'}</span>
      </Link>
    );
    if (!student) return user;
    // A student's next step is always one tap away: 我的申请 opens the account page's journey card (decision 025).
    return (
      <nav className="topbar__student" aria-label="我的">
        <Link to={`${PATHS.account}#my-application`} className="topbar__link topbar__my-app">
          我的申请
        </Link>
        <Link to={PATHS.studentMessages} className="topbar__link topbar__messages" aria-label={unread.data ? `消息，${unread.data}条未读` : '消息'} data-testid="topbar-messages">
          消息
          {unread.data ? (
            <span className="topbar__badge" data-testid="topbar-unread">
              {unread.data > 99 ? '99+' : unread.data}
            </span>
          ) : null}
        </Link>
        {user}
      </nav>
    );
  }
  if (!showGuestLinks || info.isLoading) return null;
  return (
    <nav className="topbar__guest" aria-label="账号">
      <Link to={PATHS.login} className="topbar__link">
        登录
      </Link>
      <Link to={PATHS.register} className="topbar__link topbar__link--solid">
        注册
      </Link>
    </nav>
  );
}

/** Staff areas: a role tag, the account's name and a compact 退出 (the page itself has 退出登录). */
function StaffArea({ roleLabel }: { roleLabel: string }) {
  const info = useAuthInfo();
  return (
    <div className="topbar__staff">
      <span className="topbar__role-tag">{roleLabel}</span>
      {info.data ? <span className="topbar__user-name">{info.data.name}</span> : null}
      <button type="button" className="topbar__text-button" onClick={() => void logout(PATHS.login)}>
        退出
      </button>
    </div>
  );
}

export function DefaultTopBar() {
  return <TopBarFrame variant="default" center={<StudentPlaces />} right={<UserArea />} />;
}

/** Login, register, reset and /info: nothing that could lead away mid-flow except the logo. */
export function NoUserTopBar() {
  return <TopBarFrame variant="no-user" />;
}

/** Home: navy band continuing into the hero; the hero carries the 登录 / 注册 calls to action. */
export function IndexTopBar() {
  return <TopBarFrame variant="index" inverted right={<UserArea showGuestLinks={false} />} />;
}

/**
 * Information pages: the brand, a way home, the user and the 菜单 of every info page. On phones 首页 and
 * 注册 move into the menu so the bar fits one line at 320 px (decision 031).
 */
export function InnerTopBar() {
  const guest = !authStorage.currentToken();
  return (
    <TopBarFrame
      variant="inner"
      center={
        <nav className="topbar__nav" aria-label="主导航">
          <Link to={PATHS.home} className="topbar__link">
            首页
          </Link>
        </nav>
      }
      right={
        <>
          <UserArea />
          <SiteMenu guest={guest} />
        </>
      }
    />
  );
}

export function SchoolTopBar() {
  return <TopBarFrame variant="school" right={<StaffArea roleLabel="学校" />} />;
}

export function NoneTopBar() {
  return null;
}

export function StudentLeaderTopBar() {
  return <TopBarFrame variant="student-leader" right={<StaffArea roleLabel="学生领袖" />} />;
}

export function TeacherTopBar() {
  return <TopBarFrame variant="teacher" inverted right={<StaffArea roleLabel="教师" />} />;
}

/** Reading pages (agreement, privacy): the page title in a quiet block beside the brand. */
export function TextBlockTopBar({ title }: { title: string }) {
  return <TopBarFrame variant="text-block" center={<span className="topbar__title">{title}</span>} />;
}

/** Sub-pages on phones: a back arrow (home when there is no history) and the title. */
export function BackTopBar({ title }: { title: string }) {
  const navigate = useNavigate();
  const goBack = () => {
    // React Router keeps its own history index; at 0 there is nothing in-app to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(PATHS.home);
  };
  return (
    <TopBarFrame
      variant="back"
      left={
        <button type="button" className="topbar__back" onClick={goBack} aria-label="返回">
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 5 L8 12 L15 19" stroke="currentColor" strokeWidth="2.2" fill="none" strokeLinecap="round" />
          </svg>
        </button>
      }
      center={<span className="topbar__title">{title}</span>}
    />
  );
}

export function TopBar({ kind, title }: { kind: TopBarKind; title: string }) {
  switch (kind) {
    case 'default':
      return <DefaultTopBar />;
    case 'no-user':
      return <NoUserTopBar />;
    case 'index':
      return <IndexTopBar />;
    case 'inner':
      return <InnerTopBar />;
    case 'school':
      return <SchoolTopBar />;
    case 'none':
      return <NoneTopBar />;
    case 'student-leader':
      return <StudentLeaderTopBar />;
    case 'teacher':
      return <TeacherTopBar />;
    case 'text-block':
      return <TextBlockTopBar title={title} />;
    case 'back':
      return <BackTopBar title={title} />;
  }
}
