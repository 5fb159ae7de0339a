import { PAGES } from '@summit/domain/pages';
import type { Role } from './auth-storage.ts';
import { PATHS } from './paths.ts';

/**
 * The person's own home, where 返回首页 on a 404 or an error page leads: a student their account (/account), a
 * teacher /teacher, an administrator /admin, a school its portal, a student leader theirs, a visitor the site's
 * home page. `isAdmin` is known once the session's info has loaded; until then a teacher goes to /teacher.
 */
export function homePathOf(role: Role | null, isAdmin = false): string {
  switch (role) {
    case 'student':
      return PATHS.account;
    case 'teacher':
      return isAdmin ? PATHS.admin : PATHS.teacher;
    case 'school':
      return PAGES.school;
    case 'sl':
      return PAGES.slHome;
    default:
      return PATHS.home;
  }
}

/** What a student's landing needs to know of their summer-programme status (a slice of /student/status). */
export interface LandingStatus {
  offer_letter: number | null;
  is_tuition_paid: boolean;
  apply_v5: { step1_submitted: boolean };
}

/** The summer programme has not begun for this student: no application sent, no decision, nothing paid. */
export function summerProgrammeUntouched(status: LandingStatus): boolean {
  return status.offer_letter === null && !status.is_tuition_paid && !status.apply_v5.step1_submitted;
}

/** Resolves the portal of another programme a student is doing, or null (registered by the app: lib knows no feature). */
export type ProgrammeLanding = (status: LandingStatus) => Promise<string | null>;

let programmeLanding: ProgrammeLanding | null = null;

/** The app registers how to find a student's other programme (decision 088); tests may register a stand-in. */
export function registerProgrammeLanding(resolve: ProgrammeLanding | null): void {
  programmeLanding = resolve;
}

/**
 * Where a student who has not begun the summer programme but was admitted to another one (H-week, the Dean's List,
 * SBP…) belongs after logging in: that programme's next step, not the summer application's 开始申请. Null when
 * the summer programme has begun, when no other programme applies, or when it cannot be read (the ordinary
 * landing then stands).
 */
export async function studentProgrammeLanding(status: LandingStatus): Promise<string | null> {
  if (!programmeLanding || !summerProgrammeUntouched(status)) return null;
  try {
    return await programmeLanding(status);
  } catch {
    return null;
  }
}
