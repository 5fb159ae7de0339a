import { PAGES } from '@summit/domain/pages';
import { EMAIL_RESULT_PAGES } from '@summit/domain/email-verification';

// Every path string of the web app (docs/design.md §2 rule 3). Redirect targets the domain computes come from its
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
  /** /admin/{tab} (docs/product/screens-and-routes.md /admin/{tab?}; /admin itself is the default tab): financial-aid, settings. */
  adminTab: `${PAGES.admin}/:tab`,
  /** One student's page in the Students console: profile, edits, timeline (decision 062). */
  adminStudent: '/admin/student/:userId',
  // Admission journey: fee and tuition payment, offer letter, parent pay, verification, aid (decisions 007, 009–012).
  payApply: PAGES.payApply,
  payAdmission: '/pay/admission',
  admission: PAGES.admission,
  admissionPay: PAGES.admissionPay,
  admissionSuccess: PAGES.admissionSuccess,
  admissionNotices: '/student/admission-notices',
  parentPay: '/pay/admission-parent/:token',
  offerVerify: '/offer/verify/:code',
  financialAid: '/apply/financial-aid',
  /** Spec routes of decision 025: the letter tab, the standalone letter, and the aid request's receipt. */
  admissionOffer: '/student/admission/offer',
  admissionLetter: '/student/admission-letter',
  financialAidSuccess: '/apply/financial-aid/success',
  school: PAGES.school,
  /** The school portal's applications tab (docs/product/screens-and-routes.md: the school landing is also named school-studentApply). */
  schoolApply: '/school-studentApply',
  slApplication: PAGES.slHome,
  /** Tester gate of non-production hosts; /amcsecurity on the AMC variant (docs/product/users-and-roles.md). */
  innerSecurity: '/innersecurity',
  amcSecurity: '/amcsecurity',
  // The routes still missing from finished areas (decisions 027, 028).
  /** Student-leader login and landing (docs/product/screens-and-routes.md /sl). */
  slEntry: '/sl',
  /** Switch between the role logins kept in this browser (docs/product/screens-and-routes.md /changeId). */
  changeId: '/changeId',
  emailValidateSuccess: EMAIL_RESULT_PAGES.success,
  emailValidateFail: EMAIL_RESULT_PAGES.fail,
  /** In-app PDF viewer; the rest of the path is the encoded same-origin URL (docs/product/screens-and-routes.md /pdf/{src}). */
  pdf: '/pdf/*',
  /** Interim page of a redirect or login handshake: ?r= the same-origin target (docs/product/screens-and-routes.md /loading). */
  loading: '/loading',
  /** The WeChat browser (docs/product/screens-and-routes.md, decision 069): WeChat's OAuth return, the open-id entry link, the mini-program landing. */
  wxCodeRedirect: '/wx-code-redirect',
  wxCode: '/wx-code/*',
  /** WeCom sign-in and binding (decision 098). */
  wecomEntry: '/wecom/oauth/entry',
  wecomMiddle: '/wecom/oauth/middle',
  wecomSuccess: '/wecom/oauth/success',
  wecomFail: '/wecom/oauth/fail',
  /** The information seminar over WeCom (decision 099): sign up, assignment, the counsellor, the contact-me code, failures. */
  wecomSeminar: '/wecom/seminar',
  wecomSeminarDivide: '/wecom/seminar/divide',
  wecomSeminarMiddle: '/wecom/seminar/middle/:type/:userId',
  wecomSeminarAdd: '/wecom/seminar/add/:userId/:type?',
  wecomSeminarError: '/wecom/seminar/error/:type/:userId?',
  mini: '/mini/:id',
  // Course centre (decision 041).
  courseWish: '/course/wish',
  coursePreview: '/course/preview/list',
  seminar: '/seminar',
  seminarIntro: '/seminar/introduction',
  seminarDetail: '/seminar/detail/:id',
  courseMine: '/student/course',
  cornerstone: '/student/manage/cornerstone-workshop',
  schedule: '/schedule/:place?',
  // Venue and house results (decision 040).
  cardCourse: PAGES.cardCourse,
  // Activities (decision 100): the hub of the student's activity cards, ceremonies, content cards; teachers' ceremony pages.
  cardHub: '/student/card/hub',
  cardOpening: '/student/card/opening',
  cardEnding: '/student/card/ending',
  cardSbp: '/student/card/sbp',
  cardLand: '/student/card/land',
  cardHaa: '/student/card/haa',
  cardCoop: '/student/card/coop',
  teacherOpening: '/teacher/openning',
  teacherEnding: '/teacher/ending',
  // Mission X (decision 101): the student's missions and hand-ins; the teachers' posting and review page.
  cardMissionX: '/student/card/mission-x',
  teacherMissionX: '/teacher/mission-x',
  brainOlympics: '/student/brain-olympics',
  teacherBrainOlympics: '/teacher/brain-olympics',
  xiiSiege: '/xii-siege',
  cluster: '/cluster',
  // Badges and the honour roll (decision 104): my badges, the public verification page, the honour roll card.
  badges: '/badges',
  badgeVerify: '/badges/verify/:publicId',
  cardHonor: '/student/card/honor',
  // The talent show (decision 103): gallery and my entry, the card, judging and review, the rules.
  studentTalentShow: '/student/talent-show',
  cardTalentShow: '/student/card/talent-show',
  teacherTalentShow: '/teacher/talent-show',
  teacherTalentShowRules: '/teacher/talent-show/rules',
  houseRevealBegin: '/student/house-reveal-begin',
  houseRevealResult: '/student/house-reveal-result',
  sortingCeremony: '/sorting-ceremony',
  twelveHouses: '/12house',
  roster: '/roster',
  rosterPlace: '/roster/:place',
  studentHouseRules: '/student/manage/house-rules',
  teacherHouseRules: '/teacher/house-rules',
  // Course work (decisions 052/053).
  teacherAssignmentDetail: '/teacher/assignment-detail/:id',
  teacherParticipation: '/teacher/assignment/participation/:courseId/:period?',
  adminAssignmentDetail: '/admin/assignment-detail/:id',
  studentAssignments: '/student/manage/assignments',
  writingCenter: '/student/manage/writing-center/:state?',
  gradeQuery: '/student/manage/grade-query',
  gradeExplain: '/student/manage/grade-explain',
  gradePost: '/student/manage/grade-post',
  gradePostDetail: '/student/manage/grade-post/detail/:id?',
  // Teaching (decisions 050/051): the teacher's area, check-in, the student's check-in and calendar.
  teacherCourses: '/teacher/courses',
  teacherHouse: '/teacher/house',
  teacherCourseDetail: '/teacher/course-detail/:course/:period',
  teacherCoursePreview: '/teacher/course-preview',
  teacherCoursePreviewDetail: '/teacher/course-preview/:id',
  teacherTrainingCourse: '/teacher/training-courses/:id',
  teacherCapstone: '/teacher/capstone',
  teacherCapstoneDetail: '/teacher/capstone-detail/:id',
  teacherMcDetail: '/teacher/mc-detail/:id',
  teacherProfile: '/teacher/teacher-profile/:role/:profile',
  teacherAcademicResources: '/teacher/academic-resources',
  teacherHbr: '/teacher/hbr',
  teacherHsylcer: '/teacher/hsylcer',
  teacherCw: '/teacher/cw',
  teacherCheckinList: '/teacher/checkin',
  teacherCheckin: '/teacher/checkin/:id',
  teacherCheckinQr: '/teacher/checkin-qrcode/:id',
  teacherMobileCheckin: '/teacher/mobile-checkin/:id',
  adminCheckin: '/admin/checkin/:id',
  adminCheckinQr: '/admin/checkin-qrcode/:id',
  adminMobileCheckin: '/admin/mobile-checkin/:id',
  studentCheckin: '/student/checkin',
  calendar: '/calendar',
  // The student's classes, office hours, feedback, letters (decisions 054/055).
  classManage: '/student/manage',
  classCourses: '/student/manage/courses',
  classList: '/student/manage/list',
  classCourseDetail: '/student/manage/course-detail/:course/:period',
  courseDetail: '/student/course/detail/:id/:period?',
  classCapstone: '/student/manage/capstone',
  capstoneReport: '/student/course/capstone-report/:id',
  mcDetail: '/student/course/mc-detail/:id',
  classResources: '/student/manage/academic-resources',
  classHbr: '/student/manage/hbr',
  smallClass: '/student/small-class/:name',
  sessionEnd: '/student/session-end',
  classRecommendLetter: '/student/manage/recommend-letter',
  teacherRecommendLetters: '/teacher/recommend-letter',
  teacherRecommendLetter: '/teacher/recommend-letter/:id',
  teacherOfficeHour: '/teacher/office-hour',
  /** The forum (decision 102): the students' boards, the teachers' boards and moderation queue. */
  studentForum: '/student/card/forum',
  teacherForum: '/teacher/forum',
  letterVerify: '/recommend-letter/verify/:code',
  adminCourseRoster: '/admin/course-detail/:courseId/:period/students',
  // The course's grades and signs tabs (decision 065).
  adminCourseGrades: '/admin/course-detail/:courseId/:period/grades',
  adminCourseSigns: '/admin/course-detail/:courseId/:period/signs',
  // Certificates (decision 058).
  studentCertificate: '/student/certificate',
  certificateVerify: '/student/certificate/:token',
  certificatePost: '/student/manage/certificate-post',
  certificatePostDetail: '/student/manage/certificate-post/detail/:id',
  // Onboarding sign-ups and reading (decisions 048–049).
  admissionMajor: '/student/admission/major',
  admissionCsi: '/student/admission/csi',
  admissionPodcast: '/student/admission/podcast',
  admissionMasterClass: '/student/admission/master-class',
  pilotStudy: '/student/pilot-study',
  collegeInfoSession: '/student/college-info-session',
  orientation: '/student/manage/orientation',
  admissionPositive: '/student/admission-positive',
  eliteSchoolsKnow: '/student/elite-schools-know',
  // The checklist and the onboarding forms (decision 046).
  checklist: '/checklist',
  /** 消息: every in-app notice of the student, newest first (decision 060). */
  studentMessages: '/student/messages',
  sceneFormBasic: '/scene-form/basic',
  sceneFormHealth: '/scene-form/health',
  sceneFormAddress: '/scene-form/address',
  studentInformation: '/student/information',
  studentBaseHealthInfo: '/student/base-health-info',
  studentPreviousInfo: '/student/previous/info',
  // programmes: application pages (decision 075). Generic /{code}/apply and /{code}/uploader/{role}
  // serve any programme; the spec's own addresses below name their programme (features/programmes/apply-model.ts).
  programmeApply: '/:code/apply',
  programmeUploader: '/:code/uploader/:role',
  sbpPublic: '/sbp',
  sbpApply: '/sbp/apply',
  sbpIntro: '/student/sbp101',
  csiApply: '/csi/apply',
  studentAdditionalCsi: '/student/additional-csi',
  hweekApply: '/h-week/apply',
  volunteerApplication: PAGES.volunteerApplication,
  volunteerApply: '/volunteer/apply',
  slApplicationStep: '/sl/application/:step',
  cclApplication: '/ccl/application',
  cclApplicationStep: '/ccl/application/:step',
  // programmes: portal pages (decision 075): after the offer — payments, parent link, passport, visa,
  // weeks, course pages. The code a page serves is read from its first path segment (portal-links.ts).
  sbpManage: '/sbp/manage',
  sbpCourseDuration: '/sbp/course-duration',
  sbpWeek: '/sbp/week/:week',
  sbpPay: '/sbp/pay',
  sbpAnnouncement: '/sbp/announcement',
  sbpParentPay: '/pay/sbp-parent/:token',
  hxweekPay: '/hx-week/pay',
  hxweekPayNhp: '/hx-week/pay/nhp',
  hxweekFinalPayment: '/hxweek/final-payment',
  hxweekPassport: '/hxweek/passport',
  hxweekVisa: '/hxweek/visa',
  hxweekCourse: '/hxweek/course',
  hxweekParentPay: '/pay/hxweek-parent/:token',
  deansList: '/deans-list',
  deansListPassport: '/deans-list/passport',
  deansListVisa: '/deans-list/visa',
  deansListFinalPayment: '/deans-list/final-payment',
  deansListCourses: '/deans-list/courses',
  /** The provider's return path for Dean's List payments (/{code}/pay): forwards to the hub or the final payment. */
  deansListPayReturn: '/deans-list/pay',
  deansListParentPay: '/pay/deans-list-parent/:token',
  // A programme an admin added (no address of its own in the spec): its portal under /programmes/{code}.
  programmePortal: '/programmes/:code',
  programmePortalIntro: '/programmes/:code/intro',
  programmePortalPay: '/programmes/:code/pay',
  programmePortalFinal: '/programmes/:code/final-payment',
  programmePortalPassport: '/programmes/:code/passport',
  programmePortalVisa: '/programmes/:code/visa',
  programmePortalCourse: '/programmes/:code/course',
  programmePortalDuration: '/programmes/:code/duration',
  programmePortalAnnouncement: '/programmes/:code/announcement',
  programmePortalWeek: '/programmes/:code/week/:week',
  programmeParentPay: '/pay/programme-parent/:token',
} as const;

// programmes: application pages
/** A programme's form: the spec's own address where it has one (/csi/apply for ssi, /h-week/apply for hxweek). */
export function programmeApplyPath(code: string): string {
  const own: Record<string, string> = { ssi: PATHS.csiApply, hxweek: PATHS.hweekApply, volunteer: PATHS.volunteerApply, sbp: PATHS.sbpApply };
  return own[code] ?? `/${encodeURIComponent(code)}/apply`;
}
/** /{sl|ccl}/application, or its step N (1-based). */
export function slApplicationPath(code: 'sl' | 'ccl', step?: number): string {
  const base = code === 'sl' ? PATHS.slApplication : PATHS.cclApplication;
  return step === undefined ? base : `${base}/${step}`;
}

// programmes: portal pages
/** /sbp/week/{n}: one week's page of a programme with weeks. */
export const sbpWeekPath = (week: number) => `/sbp/week/${week}`;

/** /roster/{place_name}. */
export function rosterPath(placeName: string): string {
  return `/roster/${encodeURIComponent(placeName)}`;
}

/** Course work (decision 052). */
export const teacherAssignmentDetailPath = (id: number) => `/teacher/assignment-detail/${id}`;
export const adminAssignmentDetailPath = (id: number) => `/admin/assignment-detail/${id}`;
export const participationPath = (courseId: number, period?: number) => `/teacher/assignment/participation/${courseId}${period ? `/${period}` : ''}`;
export const gradePostDetailPath = (courseId: number) => `/student/manage/grade-post/detail/${courseId}`;
export const adminStudentPath = (userId: number) => `/admin/student/${userId}`;
export const adminCourseRosterPath = (courseId: number, period: number) => `/admin/course-detail/${courseId}/${period}/students`;
/** /admin/course-detail/{id}/{period}/{tab}: students (the roster), grades or signs. */
export const adminCourseDetailPath = (courseId: number, period: number, tab: 'students' | 'grades' | 'signs') => `/admin/course-detail/${courseId}/${period}/${tab}`;
/** /admin/{tab} of the admin console. */
export const adminTabPath = (tab: string) => `/admin/${tab}`;
export const WRITING_CENTER_PATH = '/student/manage/writing-center';
export const WRITING_CENTER_SUBMITTED_PATH = '/student/manage/writing-center/submitted';

/** /pdf/<encoded url>: the viewer's address for a same-origin file URL. */
export function pdfViewerPath(src: string): string {
  return `/pdf/${encodeURIComponent(src)}`;
}

/** /teacher/course-detail/{course}/{period}. */
export const teacherCourseDetailPath = (course: number, period: number) => `/teacher/course-detail/${course}/${period}`;
/** /teacher|admin/checkin/{id}, or its phone page /…/mobile-checkin/{id}. */
export const checkinPath = (area: 'teacher' | 'admin', id: number, mobile = false) => `/${area}/${mobile ? 'mobile-checkin' : 'checkin'}/${id}`;
export const checkinQrPath = (area: 'teacher' | 'admin', id: number) => `/${area}/checkin-qrcode/${id}`;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];
