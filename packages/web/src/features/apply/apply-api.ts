import { useQuery } from '@tanstack/react-query';
import { applyStateSchema, applyStepResultSchema, type ApplyStepResult } from '@summit/domain/api/application';
import { api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { SESSION_KEYS } from '../../lib/session.ts';

export const APPLY_KEY = ['student', 'apply'] as const;

export function useApplyState() {
  return useQuery({
    queryKey: APPLY_KEY,
    queryFn: ({ signal }) => api.get('/student/v5/apply', { schema: applyStateSchema, signal }),
    // The fee is paid on another page (or by the provider's notification): never trust a cached copy on entry.
    refetchOnMount: 'always',
  });
}

/**
 * Saves (submit false) or submits a step. `quiet` is for autosave when the student leaves: no toasts, no
 * navigation; a failure there is retried by the next save. A draft answers with the fields it could not
 * keep (`invalid_fields`, decision 024).
 */
export async function writeStep(
  step: 1 | 2,
  submit: boolean,
  data: Record<string, unknown>,
  opts: { fieldNames?: readonly string[]; quiet?: boolean } = {},
): Promise<ApplyStepResult> {
  const result = await api.post(`/student/v5/apply/step${step}`, { submit, data }, {
    schema: applyStepResultSchema,
    ...(opts.fieldNames ? { fieldNames: opts.fieldNames } : {}),
    ...(opts.quiet ? { quiet: true, navigate: false } : {}),
  });
  const { invalid_fields: _refused, ...state } = result;
  queryClient.setQueryData(APPLY_KEY, state);
  // The student status (next page, batch) changes with a submission.
  if (submit) await queryClient.invalidateQueries({ queryKey: SESSION_KEYS.studentStatus });
  return result;
}
