import { nextStudentPage, studentStatusSchema } from '@summit/domain/student-status';
import { api } from '../../lib/api-client.ts';

/**
 * Where a logged-in student goes after the benefits form: the status redirect of docs/product/states.md. Loaded only when
 * the form is submitted, so the api client and the domain schemas stay out of the helper's chunk.
 */
export async function studentNextPage(): Promise<string | null> {
  try {
    const status = await api.get('/student/status', { schema: studentStatusSchema });
    return nextStudentPage(status);
  } catch {
    // The api client has already shown the message (or sent a logged-out user to /register).
    return null;
  }
}
