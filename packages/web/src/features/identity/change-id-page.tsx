import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PAGES } from '@summit/domain/pages';
import { PATHS } from '../../lib/paths.ts';
import { authStorage, ROLE_TOKEN_KEYS, type Role } from '../../lib/auth-storage.ts';
import { maskPhone } from '../../lib/phone-mask.ts';
import { currentPlat } from '../../lib/platform.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/notifier.ts';
import { roleLabel, staffLanding, type IdentityState } from './identity-model.ts';
import './change-id.css';

const headersFor = (token: string) => ({ Accept: 'application/json', 'x-plat': currentPlat(), Authorization: `Bearer ${token}` });

/**
 * Asks who a kept token belongs to, with that token (not the active one): each role's login is checked on
 * its own, and an expired one is shown as such instead of logging the person out of everything.
 */
async function identityOf(token: string, signal: AbortSignal): Promise<IdentityState> {
  try {
    const res = await fetch('/api/auth/info', { headers: headersFor(token), signal });
    const body = (await res.json()) as { status?: unknown; data?: { name?: unknown; phone?: unknown; is_admin?: unknown } };
    if (body.status === 401) return { kind: 'expired' };
    if (body.status !== 200 || !body.data) return { kind: 'error' };
    return { kind: 'ok', name: String(body.data.name ?? ''), phone: String(body.data.phone ?? ''), isAdmin: body.data.is_admin === true };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { kind: 'error' };
  }
}

/** Where a student lands: their progress page from the status (docs/product/states.md), or the apply page if it cannot be read. */
async function studentLanding(): Promise<string> {
  const token = authStorage.tokenOf('student');
  if (!token) return PAGES.login;
  try {
    const res = await fetch('/api/student/status', { headers: headersFor(token) });
    const body = (await res.json()) as { status?: unknown; data?: unknown };
    if (body.status !== 200) return PAGES.apply;
    const { nextStudentPage, studentStatusSchema } = await import('@summit/domain/student-status');
    return nextStudentPage(studentStatusSchema.parse(body.data));
  } catch {
    return PAGES.apply;
  }
}

/**
 * /changeId (docs/product/screens-and-routes.md): one person may hold several role logins in this browser (a teacher who also tests as
 * a student, an SL who is a student). Lists them, marks the one in use, switches (and goes to that role's
 * page), logs one out, or adds another.
 */
export default function ChangeIdPage() {
  const navigate = useNavigate();
  const [roles, setRoles] = useState<Role[]>(() => authStorage.loggedInRoles());
  const [active, setActive] = useState<Role | null>(() => authStorage.lastRole());
  const [states, setStates] = useState<Partial<Record<Role, IdentityState>>>({});
  const [busy, setBusy] = useState<Role | null>(null);

  const refresh = useCallback(() => {
    setRoles(authStorage.loggedInRoles());
    setActive(authStorage.lastRole());
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    for (const role of roles) {
      const token = authStorage.tokenOf(role);
      if (!token) continue;
      setStates((s) => ({ ...s, [role]: s[role] ?? { kind: 'loading' } }));
      identityOf(token, controller.signal)
        .then((state) => setStates((s) => ({ ...s, [role]: state })))
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [roles]);

  // Another tab logging in or out changes what this page should list.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === 'last_login_role' || Object.values(ROLE_TOKEN_KEYS).includes(event.key)) refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);

  const switchTo = async (role: Role) => {
    const state = states[role];
    if (!authStorage.switchTo(role)) return refresh();
    setBusy(role);
    // Nothing cached for the previous identity may show under the new one.
    queryClient.clear();
    const target = role === 'student' ? await studentLanding() : staffLanding(role, state?.kind === 'ok' && state.isAdmin);
    toast('success', `已切换为${roleLabel(role, state?.kind === 'ok' && state.isAdmin)}身份`);
    setBusy(null);
    await navigate(target, { replace: true });
  };

  const signOut = async (role: Role) => {
    const token = authStorage.tokenOf(role);
    setBusy(role);
    if (token) {
      // Revoke on the server (best effort): an expired token is already gone there.
      await fetch('/api/logout', { method: 'POST', headers: { ...headersFor(token), 'Content-Type': 'application/json' }, body: '{}' }).catch(() => undefined);
    }
    const wasActive = authStorage.lastRole() === role;
    authStorage.clearRole(role);
    if (wasActive) queryClient.clear();
    setBusy(null);
    setStates((s) => ({ ...s, [role]: undefined }));
    refresh();
    if (authStorage.loggedInRoles().length === 0) await navigate(PATHS.login, { replace: true });
  };

  const addLogin = `${PATHS.login}?r=${encodeURIComponent(PATHS.changeId)}`;

  return (
    <div className="page page--narrow change-id">
      <h1 className="page__title">切换身份</h1>
      <p className="change-id__intro">在这台设备上登录过的身份都列在这里。切换后，页面和操作都以所选身份进行。</p>
      {active === null && roles.length > 0 ? <p className="change-id__notice" role="status">当前没有使用中的身份，请选择一个身份继续。</p> : null}
      <ul className="change-id__list" aria-label="已登录的身份">
        {roles.map((role) => {
          const state = states[role] ?? { kind: 'loading' };
          const isActive = role === active;
          const admin = state.kind === 'ok' && state.isAdmin;
          return (
            <li key={role} className={isActive ? 'change-id__item change-id__item--active' : 'change-id__item'} data-role={role}>
              <div className="change-id__who">
                <span className="change-id__role">{roleLabel(role, admin)}</span>
                {isActive ? <span className="change-id__current">当前身份</span> : null}
                <span className="change-id__name">
                  {state.kind === 'ok' ? `${state.name || '未填写姓名'} · ${maskPhone(state.phone)}` : state.kind === 'expired' ? '登录已过期' : state.kind === 'error' ? '暂时无法读取' : '读取中…'}
                </span>
              </div>
              <div className="change-id__actions">
                {state.kind === 'expired' ? (
                  <button type="button" className="change-id__button change-id__button--primary" onClick={() => void navigate(addLogin)}>
                    重新登录
                  </button>
                ) : !isActive ? (
                  <button type="button" className="change-id__button change-id__button--primary" disabled={busy !== null} onClick={() => void switchTo(role)}>
                    切换到此身份
                  </button>
                ) : null}
                <button type="button" className="change-id__button" disabled={busy !== null} onClick={() => void signOut(role)}>
                  {state.kind === 'expired' ? '移除' : '退出'}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <button type="button" className="change-id__button change-id__add" onClick={() => void navigate(addLogin)}>
        登录其他身份
      </button>
    </div>
  );
}
