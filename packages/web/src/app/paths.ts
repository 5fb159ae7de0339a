import { PAGES } from '@summit/domain/pages';

// Every path string of the web app (DESIGN §2 rule 3). Redirect targets the domain computes come from its
// PAGES so a page the domain sends students to and the route serving it can never drift apart.
// This module imports only the domain's zod-free pages module: features may read it without depending on
// the app shell, and the shell stays small.
export const PATHS = {
  home: '/',
  login: PAGES.login,
  register: PAGES.register,
  reset: '/reset',
  info: PAGES.info,
  account: '/account',
  accountEdit: '/account/edit',
  agreement: '/agreement',
  privacy: '/privacy',
  studentApply: PAGES.apply,
  studentAdditionalInfo: '/student/additional-info',
  teacher: PAGES.teacher,
  admin: PAGES.admin,
  /** /admin/{tab} (spec §2 /admin/{tab?}; /admin itself is the default tab): financial-aid, settings. */
  adminTab: `${PAGES.admin}/:tab`,
  // Admission journey: fee and tuition payment, offer letter, parent pay, verification, aid (issue 3).
  payApply: PAGES.payApply,
  payAdmission: '/pay/admission',
  admission: PAGES.admission,
  admissionPay: PAGES.admissionPay,
  admissionSuccess: PAGES.admissionSuccess,
  admissionNotices: '/student/admission-notices',
  parentPay: '/pay/admission-parent/:token',
  offerVerify: '/offer/verify/:code',
  financialAid: '/apply/financial-aid',
  /** Spec routes of issue 10 item 4: the letter tab, the standalone letter, and the aid request's receipt. */
  admissionOffer: '/student/admission/offer',
  admissionLetter: '/student/admission-letter',
  financialAidSuccess: '/apply/financial-aid/success',
  school: PAGES.school,
  slApplication: PAGES.slHome,
  /** Tester gate of non-production hosts; /amcsecurity on the AMC variant (spec §6). */
  innerSecurity: '/innersecurity',
  amcSecurity: '/amcsecurity',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];
