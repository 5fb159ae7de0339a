import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { wecomEidResultSchema, type WecomEidResult } from '@summit/domain/api/wecom';
import { ResultPanel } from '../../components/result-panel.tsx';
import { api, ApiError } from '../../lib/api-client.ts';
import { PATHS } from '../../lib/paths.ts';
import { LOGIN_SUCCESS_TEXT, continueLogin } from '../../features/auth/auth-api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { homePathOf } from '../../lib/home-path.ts';
import { bindPendingWecom } from '../../lib/wecom-bind.ts';
import { failPath, wecomFlow } from '../../lib/wecom-flow.ts';

// A code and a state are single use: React's development double effects (and a re-render) must not send them twice.
const inFlight = new Map<string, Promise<WecomEidResult>>();

function resolve(code: string, state: string): Promise<WecomEidResult> {
  const key = `${state}:${code}`;
  let running = inFlight.get(key);
  if (!running) {
    running = api.post('/wecom/oauth/eid', { code, state, app_bind_url: PATHS.register }, { schema: wecomEidResultSchema, quiet: true });
    inFlight.set(key, running);
  }
  return running;
}

/** Where the page goes for an answer of the eid step. */
async function targetOf(result: WecomEidResult): Promise<string> {
  switch (result.outcome) {
    case 'signed_in':
    case 'mfa': {
      // A ticket left from an earlier binding must not be bound to this account.
      wecomFlow.takeTicket();
      const returnTo = result.return_path === '/' ? null : result.return_path;
      const next = await continueLogin(result.outcome === 'mfa' ? result.mfa : result.login, returnTo, LOGIN_SUCCESS_TEXT);
      if (result.outcome === 'mfa') return next;
      wecomFlow.setNext(next);
      return PATHS.wecomSuccess;
    }
    case 'bind':
      wecomFlow.saveTicket(result.bind_ticket);
      // A student already signed in on this phone binds at once; anyone else signs in or registers first.
      if (authStorage.isLoggedInAs('student')) return bindPendingWecom('student', homePathOf('student'));
      return result.bind_url;
    case 'restart':
      // Code 66: the state ran out or was used; start again from the stored entry address.
      return wecomFlow.entryAddress();
    case 'failed':
      wecomFlow.storeError(result.message ?? null);
      return failPath(result.fail);
  }
}

/**
 * /wecom/oauth/middle?code&state (decision 098): where WeCom sends the browser back. The state must be the one
 * this tab started with (else 认证异常, eid-1: a link from someone else's sign-in); then the API resolves who it is.
 */
export default function WecomMiddlePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const state = params.get('state');

  useEffect(() => {
    let live = true;
    const go = (to: string) => {
      if (!live) return;
      if (/^https?:/i.test(to)) window.location.replace(to);
      else void navigate(to, { replace: true });
    };
    if (!code || !state) {
      go(failPath('user_bind_para'));
      return;
    }
    if (!wecomFlow.isOwnState(state)) {
      go(failPath('eid-1'));
      return;
    }
    resolve(code, state)
      .then(targetOf)
      .then(go)
      .catch((err: unknown) => {
        wecomFlow.storeError(err instanceof ApiError ? err.msg : null);
        go(failPath('eid_request'));
      });
    return () => {
      live = false;
    };
  }, [code, state, navigate]);

  return <ResultPanel kind="waiting" title="正在确认企业微信身份…" detail="请稍候，马上就好。" />;
}
