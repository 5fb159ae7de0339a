import { Suspense, lazy, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { STORAGE_KEYS, authStorage } from '../lib/auth-storage.ts';
import { isMiniProgram } from '../lib/platform.ts';
import { revealApp } from '../lib/prerender.ts';
import { captureReferrer } from '../lib/referrer.ts';
import { trackPageView } from '../lib/tracking.ts';
import { Footer } from './layouts/footers.tsx';
import { TopBar } from './layouts/top-bars.tsx';
import { PageSkeleton } from './page-loading.tsx';
import { NOT_FOUND_ROUTE, type RouteDef } from './routes.ts';
import { shellNavOf } from './nav/shell-nav.ts';
import { isHelperPath } from '../features/side-helper/helper-paths.ts';

const AntdRoot = lazy(() => import('../components/antd/antd-root.tsx'));
const SideHelper = lazy(() => import('../features/side-helper/side-helper.tsx'));
// The lasting navigation of a logged-in role (decision 088), fetched only for that role's pages.
const StudentNav = lazy(() => import('./nav/student-nav.tsx'));
const StaffNav = lazy(() => import('./nav/staff-nav.tsx'));
// Mini-program mode (decision 097): share target, referrer binding, the club users' recommendation icon.
const MiniMode = lazy(() => import('../features/miniprogram/mini-mode.tsx'));

/** The side helper is fetched once the page has loaded and the browser is idle, so it never slows the first paint. */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const go = () => {
      const idle = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
      if (idle) idle(() => !cancelled && setReady(true), { timeout: 2000 });
      else window.setTimeout(() => !cancelled && setReady(true), 200);
    };
    if (document.readyState === 'complete') go();
    else window.addEventListener('load', go, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', go);
    };
  }, []);
  return ready;
}

export const TITLE_PREFIX = 'Summit 高中生夏季学术项目 | ';

/** The route definition of the deepest match (every child route carries its RouteDef as handle). */
export function useCurrentRoute(): RouteDef {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteDef | undefined;
    if (handle && typeof handle.title === 'string') return handle;
  }
  return NOT_FOUND_ROUTE;
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="nav-progress" role="progressbar" aria-label="页面加载中" />;
}

/**
 * Wraps pages in antd's providers from the first antd page on. Once mounted it stays, so toasts and the
 * theme survive later visits to plain pages; before that, plain pages render without antd at all.
 */
function PageContent({ usesAntd }: { usesAntd: boolean }) {
  const [antdMounted, setAntdMounted] = useState(usesAntd);
  // Decided during render (not in an effect) so an antd page never renders a frame without its theme.
  if (usesAntd && !antdMounted) setAntdMounted(true);
  if (!antdMounted) return <Outlet />;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <AntdRoot>
        <Outlet />
      </AntdRoot>
    </Suspense>
  );
}

/**
 * The router's hydrate fallback: while the first page's loaders (the student status) and code (the page, antd)
 * arrive, the page's own top bar and a skeleton are on screen, so a slow connection shows the app within the
 * entry bundle's download instead of seconds of 加载中 (decision 031). Route handles are static, so the
 * route being entered is known before its chunk is.
 */
export function ShellFallback() {
  const route = useCurrentRoute();
  return (
    <div className={`app app--${route.topBar}`}>
      <TopBar kind={route.topBar} title={route.title} />
      <main className="app__main">
        <PageSkeleton />
      </main>
    </div>
  );
}

export function AppShell() {
  const route = useCurrentRoute();
  const location = useLocation();
  const helperReady = useAfterFirstPaint();
  const nav = shellNavOf(route, authStorage.isLoggedInAs('student'), isMiniProgram(), authStorage.isLoggedInAs('teacher'));

  // The shell mounts once the first page's code and data are in, and that page draws in this same commit:
  // the server's prerendered copy (decision 018) goes before the browser paints again.
  useLayoutEffect(() => revealApp(), []);

  useEffect(() => {
    document.title = TITLE_PREFIX + route.title;
  }, [route.title]);

  useEffect(() => {
    captureReferrer(location.search, authStorage);
  }, [location.search]);

  useEffect(() => {
    trackPageView(location.pathname, route.title);
    // Keyed on the path only: a new page is a view, a query-string change on the same page is not.
  }, [location.pathname]);

  return (
    <div className={`app app--${route.topBar}${nav === 'student' ? ' app--with-tabs' : ''}`}>
      <NavigationProgress />
      <TopBar kind={route.topBar} title={route.title} />
      {nav === 'staff' ? (
        <Suspense fallback={null}>
          <StaffNav />
        </Suspense>
      ) : null}
      <main className="app__main">
        <PageContent usesAntd={route.usesAntd} />
      </main>
      <Footer kind={route.footer} />
      {nav === 'student' ? (
        <Suspense fallback={null}>
          <StudentNav variant="tabs" />
        </Suspense>
      ) : null}
      {isMiniProgram() || authStorage.get(STORAGE_KEYS.referrerId) ? (
        <Suspense fallback={null}>
          <MiniMode />
        </Suspense>
      ) : null}
      {helperReady && isHelperPath(location.pathname) ? (
        <Suspense fallback={null}>
          <SideHelper />
        </Suspense>
      ) : null}
      {/* Scrolls to top on every new page; back/forward restore the earlier position (docs/product/screens-and-routes.md). */}
      <ScrollRestoration />
    </div>
  );
}
