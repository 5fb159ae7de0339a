import { useQuery } from '@tanstack/react-query';
import type { AuthInfo } from '@summit/domain/api/auth';
import { authStorage } from './auth-storage.ts';
import { navigateTo } from './navigation.ts';
import { queryClient } from './query-client.ts';

// This module is part of the app shell (top bars), which must stay small: the api client and the domain
// schemas (zod) are imported on demand, when someone is actually logged in.

export const SESSION_KEYS = {
  authInfo: ['auth', 'info'] as const,
  studentStatus: ['student', 'status'] as const,
  studentInfo: ['student', 'info'] as const,
  /** The student's unread 消息 count (top bar badge; the message page invalidates it when one is read). */
  unreadMessages: ['student', 'messages', 'unread'] as const,
};

async function loadClient() {
  const [{ api }, { authInfoSchema }] = await Promise.all([import('./api-client.ts'), import('@summit/domain')]);
  return { api, authInfoSchema };
}

/**
 * Who is logged in, for top bars and menus. Quiet: on a public page an expired token must not toast
 * 请重新登录！ or redirect; it is just dropped and the bar shows 登录 / 注册 again.
 */
export function useAuthInfo() {
  const token = authStorage.currentToken();
  return useQuery<AuthInfo>({
    queryKey: [...SESSION_KEYS.authInfo, token],
    enabled: Boolean(token),
    queryFn: async ({ signal }) => {
      const { api, authInfoSchema } = await loadClient();
      return api.get('/auth/info', { schema: authInfoSchema, signal, quiet: true });
    },
    staleTime: 5 * 60_000,
  });
}

/** A logged-in student's unread message count for the top bar's 消息 badge (decision 061); quiet, polled slowly. */
export function useUnreadMessages(enabled: boolean) {
  const token = authStorage.currentToken();
  return useQuery<number>({
    queryKey: [...SESSION_KEYS.unreadMessages, token],
    enabled: enabled && Boolean(token),
    queryFn: async ({ signal }) => {
      const [{ api }, { unreadCountSchema }] = await Promise.all([import('./api-client.ts'), import('@summit/domain')]);
      return (await api.get('/student/messages/unread-count', { schema: unreadCountSchema, signal, quiet: true })).unread;
    },
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
}

/** Revokes the token on the server (best effort), forgets it locally and goes to the login page. */
export async function logout(loginPath: string): Promise<void> {
  try {
    if (authStorage.currentToken()) {
      const { api } = await loadClient();
      await api.post('/logout', {}, { quiet: true });
    }
  } catch {
    // The local token is dropped either way; a server-side leftover expires on its own.
  }
  authStorage.clearLogin();
  // Leave the page first: clearing the cache under a mounted page would make its queries refetch without
  // a token, and their 401 would send the user to /register instead of the login page.
  await navigateTo(loginPath, { replace: true });
  queryClient.clear();
}
