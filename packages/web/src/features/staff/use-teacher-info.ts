import { useQuery } from '@tanstack/react-query';
import { teacherInfoSchema } from '@summit/domain';
import { api } from '../../lib/api-client.ts';

/** GET /api/teacher/info, shared by /teacher and /admin (admins are teachers with is_admin). */
export function useTeacherInfo() {
  return useQuery({
    queryKey: ['teacher', 'info'],
    queryFn: ({ signal }) => api.get('/teacher/info', { schema: teacherInfoSchema, signal }),
  });
}
