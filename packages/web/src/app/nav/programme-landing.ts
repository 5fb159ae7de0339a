import { api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { z } from 'zod';
import { myProgrammeSchema } from '@summit/domain/api/programmes';
import { portalHubPathOf } from '../../features/programmes/portal-links.ts';
import { admittedProgrammeHub } from './nav-model.ts';

/**
 * The portal of the first programme the student was admitted to (decision 088), read quietly from the same query
 * /account's 其他项目 uses, so the page after login has it already.
 */
export async function admittedProgrammePortal(): Promise<string | null> {
  const rows = await queryClient.fetchQuery({
    queryKey: ['programmes', 'student', 'list'],
    queryFn: ({ signal }) => api.get('/student/programmes', { schema: z.array(myProgrammeSchema), signal, quiet: true }),
    staleTime: 30_000,
  });
  return admittedProgrammeHub(rows, portalHubPathOf);
}
