import { QueryClient } from '@tanstack/react-query';

// The api client already toasts and redirects on every failure, so a retry would toast again
// (a 401 retried three times reads 请重新登录！ three times): queries fail once and show their error state.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
