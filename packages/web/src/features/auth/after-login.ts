import { PAGES } from '@summit/domain/pages';
import { isInfoComplete, nextStudentPage, type StudentStatus } from '@summit/domain/student-status';
import type { Role } from '../../lib/auth-storage.ts';

export interface AfterLoginInput {
  role: Role;
  isAdmin: boolean;
  /** Safe in-app path from the `r` (+ `s`) params, or null. */
  returnTo: string | null;
  /** Students only: their status right after login. */
  studentStatus?: StudentStatus | null;
  /** Students only: the portal of another programme they were admitted to while the summer one is untouched (decision 088). */
  programmeHome?: string | null;
}

/**
 * Where a fresh login goes (docs/product/states.md). A student whose profile is incomplete always completes it first
 * (COMPLETE_INFO at /info, keeping `r` for afterwards); otherwise `r` wins; otherwise the role's home:
 * school → /school-student, student → their progress page (or, admitted to another programme with the summer one
 * untouched, that programme's portal: decision 088), teacher → /admin or /teacher, SL → its page.
 */
export function targetAfterLogin({ role, isAdmin, returnTo, studentStatus, programmeHome }: AfterLoginInput): string {
  if (role === 'student' && studentStatus && !isInfoComplete(studentStatus)) {
    return returnTo ? `${PAGES.info}?r=${encodeURIComponent(returnTo)}` : PAGES.info;
  }
  if (returnTo) return returnTo;
  switch (role) {
    case 'school':
      return PAGES.school;
    case 'student':
      if (programmeHome) return programmeHome;
      return studentStatus ? nextStudentPage(studentStatus) : PAGES.apply;
    case 'teacher':
      return isAdmin ? PAGES.admin : PAGES.teacher;
    case 'sl':
      return PAGES.slHome;
  }
}

/** Where /info goes once the profile is saved: back to `r`, else the student's next page. */
export function targetAfterCompleteInfo(returnTo: string | null, status: StudentStatus | null): string {
  if (returnTo && !returnTo.startsWith(PAGES.info)) return returnTo;
  return status ? nextStudentPage(status) : PAGES.apply;
}
