import { PAGES } from '@summit/domain/pages';
import { EMAIL_RESULT_PAGES } from '@summit/domain/email-verification';

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
  /** Two-factor sign-in (decision 036): the code step after the password, and the account's 两步验证 card. */
  loginMfa: '/login/mfa',
  accountSecurity: '/account/security',
  accountEdit: '/account/edit',
  /** 登录设备: the signed-in devices of any role's account (decision 037). */
  accountDevices: '/account/devices',
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
  // Issue 10 item 10: the routes still missing from finished areas (decisions 027, 028).
  /** Student-leader login and landing (spec §2 /sl). */
  slEntry: '/sl',
  /** Switch between the role logins kept in this browser (spec §2 /changeId). */
  changeId: '/changeId',
  emailValidateSuccess: EMAIL_RESULT_PAGES.success,
  emailValidateFail: EMAIL_RESULT_PAGES.fail,
  /** In-app PDF viewer; the rest of the path is the encoded same-origin URL (spec §2 /pdf/{src}). */
  pdf: '/pdf/*',
  /** Interim page of a redirect or login handshake: ?r= the same-origin target (spec §2 /loading). */
  loading: '/loading',
  // Course centre (issue 11 items 3–4, decision 041).
  courseWish: '/course/wish',
  coursePreview: '/course/preview/list',
  seminar: '/seminar',
  seminarIntro: '/seminar/introduction',
  seminarDetail: '/seminar/detail/:id',
  courseMine: '/student/course',
  cornerstone: '/student/manage/cornerstone-workshop',
  schedule: '/schedule/:place?',
  // Issue 11: venue and house results (decision 040).
  cardCourse: PAGES.cardCourse,
  houseRevealBegin: '/student/house-reveal-begin',
  houseRevealResult: '/student/house-reveal-result',
  sortingCeremony: '/sorting-ceremony',
  twelveHouses: '/12house',
  roster: '/roster',
  rosterPlace: '/roster/:place',
  studentHouseRules: '/student/manage/house-rules',
  teacherHouseRules: '/teacher/house-rules',
  // Issue 17: the checklist and the onboarding forms (decision 046).
  checklist: '/checklist',
  sceneFormBasic: '/scene-form/basic',
  sceneFormHealth: '/scene-form/health',
  sceneFormAddress: '/scene-form/address',
  studentInformation: '/student/information',
  studentBaseHealthInfo: '/student/base-health-info',
  studentPreviousInfo: '/student/previous/info',
} as const;

/** /roster/{place_name}. */
export function rosterPath(placeName: string): string {
  return `/roster/${encodeURIComponent(placeName)}`;
}

/** /pdf/<encoded url>: the viewer's address for a same-origin file URL. */
export function pdfViewerPath(src: string): string {
  return `/pdf/${encodeURIComponent(src)}`;
}

export type AppPath = (typeof PATHS)[keyof typeof PATHS];
