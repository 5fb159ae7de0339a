import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/notifier.ts';
import { CC_KEYS } from './course-centre-api.ts';

/** A course-centre action: the server decides (the client's api handler toasts its message), then every list refreshes. */
export function useCentreAction<A>(run: (arg: A) => Promise<unknown>, success?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      if (success) toast('success', success);
    },
    onSettled: () => client.invalidateQueries({ queryKey: CC_KEYS.all }),
  });
}
