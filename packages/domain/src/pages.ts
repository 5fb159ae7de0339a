/** Page paths the domain names (redirect targets). The web's paths module builds on these. */
export const PAGES = {
  info: '/info',
  apply: '/student/apply',
  applyStep2: '/student/apply?step=2',
  payApply: '/pay/apply',
  admission: '/student/admission',
  admissionPay: '/student/admission/pay',
  admissionSuccess: '/student/admission/success',
  /** A paid student's card: session, venue, house and course selection (decision 040). */
  cardCourse: '/student/card/course',
  volunteerApplication: '/volunteer/application',
  teacher: '/teacher',
  admin: '/admin',
  school: '/school-student',
  slHome: '/sl/application',
  login: '/login',
  register: '/register',
} as const;

export type PagePath = (typeof PAGES)[keyof typeof PAGES];

/** Where a 401 sends the user: /register with the path to come back to (docs/product/states.md and docs/product/errors.md). */
export function registerPathWithReturn(returnPath: string): string {
  return `${PAGES.register}?r=${encodeURIComponent(returnPath)}`;
}
