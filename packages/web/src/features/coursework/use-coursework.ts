import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@summit/domain/messages';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { CW_KEYS } from './coursework-api.ts';

/** A course-work action: the server decides (the api client toasts a refusal), then every course-work list refreshes. */
export function useCwAction<A, R = unknown>(run: (arg: A) => Promise<R>, success?: string, onDone?: (result: R) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      if (success) toast('success', success);
      onDone?.(result);
    },
    onSettled: () => client.invalidateQueries({ queryKey: CW_KEYS.all }),
  });
}

/** A load refused because the course is not the caller's (无权限访问！): show that, not a retry. */
export function isNoPermission(error: unknown): boolean {
  return error instanceof ApiError && error.msg === MSG.NO_PERMISSION;
}
