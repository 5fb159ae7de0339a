import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuthLocationState } from './use-auth-form.ts';

/** Keeps `r` and `s` when moving between the login screen's states, so the return target survives. */
export function useAuthHref() {
  const [params] = useSearchParams();
  return (path: string, extra: Record<string, string> = {}) => {
    const next = new URLSearchParams();
    for (const key of ['r', 's']) {
      const value = params.get(key);
      if (value) next.set(key, value);
    }
    for (const [key, value] of Object.entries(extra)) next.set(key, value);
    const qs = next.toString();
    return qs ? `${path}?${qs}` : path;
  };
}

export function AuthLink({
  to,
  phone,
  children,
  className,
  current,
}: {
  to: string;
  phone?: string;
  children: ReactNode;
  className?: string;
  current?: boolean;
}) {
  const navigate = useNavigate();
  const state: AuthLocationState = phone ? { phone } : {};
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    // flushSync: the new state's form is on screen in the same task as the URL change, so nothing typed
    // right after a switch can land in the previous state's (identically labelled) inputs.
    void navigate(to, { replace: true, state, flushSync: true });
  };
  return (
    <Link to={to} state={state} replace onClick={onClick} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}
