import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { programmePageResponseSchema } from '@summit/domain/api/programme-portal';
import { myApplicationSchema, myProgrammeSchema, programmePublicSchema, type MyApplication, type ProgrammeAnswer } from '@summit/domain/api/programmes';
import type { ApplicantRole } from '@summit/domain/programmes';
import { api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';

/** The application endpoints live under the applicant's role prefix: /api/student/… or /api/sl/…. */
const base = (role: ApplicantRole, code: string) => `/${role}/programmes/${encodeURIComponent(code)}`;

export const applicationKey = (role: ApplicantRole, code: string) => ['programmes', role, code, 'application'] as const;

/** GET /api/student/programmes: the open programmes this student may see, with where each application stands. */
export function useMyProgrammes() {
  return useQuery({
    queryKey: ['programmes', 'student', 'list'],
    queryFn: ({ signal }) => api.get('/student/programmes', { schema: z.array(myProgrammeSchema), signal }),
  });
}

export function useProgrammePublic(code: string) {
  return useQuery({
    queryKey: ['programmes', 'public', code],
    queryFn: ({ signal }) => api.get(`/programmes/${encodeURIComponent(code)}`, { schema: programmePublicSchema, signal }),
  });
}

export function useMyApplication(code: string, role: ApplicantRole = 'student', enabled = true) {
  return useQuery({
    queryKey: applicationKey(role, code),
    queryFn: ({ signal }) => api.get(`${base(role, code)}/application`, { schema: myApplicationSchema, signal }),
    // A decision may be released or the fee paid elsewhere: read it afresh on entry.
    refetchOnMount: 'always',
    enabled,
  });
}

/**
 * PUT …/application/steps/:step. `submit` false keeps a draft; true checks the step's required answers and
 * submits it. 4003s naming one of `fieldNames` (the step's question keys) are left to the form.
 */
export async function saveProgrammeStep(
  role: ApplicantRole,
  code: string,
  step: string,
  answers: Record<string, ProgrammeAnswer>,
  submit: boolean,
  fieldNames: readonly string[] = [],
): Promise<void> {
  await api.request(`${base(role, code)}/application/steps/${encodeURIComponent(step)}`, {
    method: 'PUT',
    body: { answers, submit },
    fieldNames,
  });
  await queryClient.invalidateQueries({ queryKey: applicationKey(role, code) });
}

export function cachedApplication(role: ApplicantRole, code: string): MyApplication | undefined {
  return queryClient.getQueryData(applicationKey(role, code));
}

/**
 * GET /api/student/programmes/:code/pages/:page. Quiet and without navigation: a gate (仅录取用户可访问)
 * is shown by the page as a locked state, not as a toast and a redirect.
 */
export function useProgrammeContentPage(code: string, page: 'intro' | 'course' | 'announcement') {
  return useQuery({
    queryKey: ['programmes', 'student', code, 'pages', page],
    queryFn: ({ signal }) =>
      api.get(`/student/programmes/${encodeURIComponent(code)}/pages/${page}`, {
        schema: programmePageResponseSchema.shape.data.unwrap(),
        signal,
        quiet: true,
        navigate: false,
      }),
  });
}
