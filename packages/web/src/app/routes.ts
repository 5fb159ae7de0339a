import type { RouteDef } from './route-def.ts';
import { PATHS } from '../lib/paths.ts';
import { INFO_PAGES, sitePathOf } from '../features/site/site-pages.ts';
import { MINIPROGRAM_ROUTES } from './routes/miniprogram.ts';
import { WECOM_SIGNIN_ROUTES } from './routes/wecom-signin.ts';
import { WECOM_SEMINAR_ROUTES } from './routes/wecom-seminar.ts';
import { ACTIVITIES_ROUTES } from './routes/activities.ts';
import { MISSION_X_ROUTES } from './routes/mission-x.ts';
import { GAMES_ROUTES } from './routes/games.ts';
import { CAMPUS_ROUTES } from './routes/campus.ts';
import { FORUM_ROUTES } from './routes/forum.ts';
import { TALENT_SHOW_ROUTES } from './routes/talent-show.ts';
import { BADGES_ROUTES } from './routes/badges.ts';

export type { FooterKind, RouteDef, RouteRole, StudentGate, TopBarKind } from './route-def.ts';

const loginScreen = () => import('../features/auth/login-screen.tsx');
const infoPage = () => import('../features/site/info-page.tsx');
const adminPage = () => import('../features/admin/shell/admin-page.tsx');
const schoolPage = () => import('../features/school/school-students-page.tsx');
const emailResultPage = () => import('../features/email-verify/email-result-page.tsx');
const courseCatalogue = () => import('../features/course-centre/course-catalogue-page.tsx');
const securityPage = () => import('../features/site-gate/security-page.tsx');
// programmes: portal pages (decisions 075, 076).
const portal = {
  sbpManage: () => import('../features/programmes/sbp-manage-page.tsx'),
  sbpDuration: () => import('../features/programmes/sbp-duration-page.tsx'),
  sbpPay: () => import('../features/programmes/sbp-pay-page.tsx'),
  sbpAnnouncement: () => import('../features/programmes/sbp-announcement-page.tsx'),
  week: () => import('../features/programmes/week-page.tsx'),
  deposit: () => import('../features/programmes/pay-deposit-page.tsx'),
  nhp: () => import('../features/programmes/pay-nhp-page.tsx'),
  final: () => import('../features/programmes/pay-final-page.tsx'),
  passport: () => import('../features/programmes/passport-page.tsx'),
  visa: () => import('../features/programmes/visa-page.tsx'),
  course: () => import('../features/programmes/portal-course-page.tsx'),
  deansHub: () => import('../features/programmes/deans-hub-page.tsx'),
  parentPay: () => import('../features/programmes/pay-parent-page.tsx'),
  payReturn: () => import('../features/programmes/pay-return-page.tsx'),
  hub: () => import('../features/programmes/programme-hub-page.tsx'),
  intro: () => import('../features/programmes/programme-intro-page.tsx'),
};

const admissionPage = () => import('../features/admission/admission-page.tsx');
const teaching = {
  home: () => import('../features/teaching/teacher-home-page.tsx'),
  course: () => import('./composed/teacher-course-detail-page.tsx'),
  resources: () => import('../features/teaching/teaching-resources-page.tsx'),
  signs: () => import('../features/teaching/checkin-list-page.tsx'),
  sign: () => import('../features/teaching/checkin-page.tsx'),
  qr: () => import('../features/teaching/checkin-qrcode-page.tsx'),
  house: () => import('../features/teaching/house-students-page.tsx'),
};
const onboarding = {
  offerings: () => import('../features/onboarding/offerings-page.tsx'),
  reading: () => import('../features/onboarding/reading-page.tsx'),
};
const placement = {
  card: () => import('./composed/card-course-page.tsx'),
  reveal: () => import('../features/placement/house-reveal-page.tsx'),
  ceremony: () => import('../features/placement/sorting-ceremony-page.tsx'),
  twelve: () => import('../features/placement/twelve-houses-page.tsx'),
  roster: () => import('../features/placement/roster-page.tsx'),
  rules: () => import('../features/placement/house-rules-page.tsx'),
};
const onboardingForms = {
  checklist: () => import('../features/checklist/checklist-page.tsx'),
  form: () => import('../features/onboarding-forms/onboarding-form-page.tsx'),
};
const admissionPay = {
  apply: () => import('../features/admission/pay-apply-page.tsx'),
  tuition: () => import('../features/admission/pay-admission-page.tsx'),
};

const classes = {
  hub: () => import('../features/classes/manage-hub-page.tsx'),
  courses: () => import('../features/classes/class-courses-page.tsx'),
  course: () => import('./composed/class-course-page.tsx'),
  resources: () => import('../features/classes/class-resources-page.tsx'),
};
const classPage = (path: string, title: string, load: RouteDef['load']): RouteDef => ({ path, title, role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load, gate: 'tuition-paid' });
const CLASS_ROUTES: readonly RouteDef[] = [
  classPage(PATHS.classManage, '学习中心', classes.hub),
  classPage(PATHS.classCourses, '我的课程', classes.courses),
  classPage(PATHS.classList, '上课安排', classes.courses),
  classPage(PATHS.classCapstone, '毕业项目', classes.courses),
  classPage(PATHS.classCourseDetail, '课程详情', classes.course),
  classPage(PATHS.courseDetail, '课程详情', classes.course),
  classPage(PATHS.capstoneReport, '毕业项目报告', classes.course),
  classPage(PATHS.mcDetail, '大师课', classes.course),
  classPage(PATHS.smallClass, '小班', classes.course),
  classPage(PATHS.classResources, '学术资源', classes.resources),
  classPage(PATHS.classHbr, 'HBR 案例阅读', classes.resources),
  classPage(PATHS.sessionEnd, '结营', () => import('../features/classes/session-end-page.tsx')),
  classPage(PATHS.classRecommendLetter, '推荐信', () => import('../features/classes/recommend-letter-page.tsx')),
  { path: PATHS.teacherRecommendLetters, title: '推荐信', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: () => import('../features/classes/teacher-letters-page.tsx') },
  { path: PATHS.teacherRecommendLetter, title: '撰写推荐信', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: () => import('../features/classes/teacher-letters-page.tsx') },
  { path: PATHS.teacherOfficeHour, title: '答疑与课程评价', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: () => import('../features/classes/teacher-office-hour-page.tsx') },
  classPage(PATHS.studentCertificate, '我的证书', () => import('../features/classes/certificates-page.tsx')),
  classPage(PATHS.certificatePost, '证书通知', () => import('../features/classes/certificates-page.tsx')),
  classPage(PATHS.certificatePostDetail, '证书详情', () => import('../features/classes/certificate-detail-page.tsx')),
  { path: PATHS.certificateVerify, title: '证书验证', role: 'public', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/classes/certificate-verify-page.tsx') },
  { path: PATHS.letterVerify, title: '推荐信验证', role: 'public', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/classes/letter-verify-page.tsx') },
];

// programmes: application pages (decision 075)
const programmeApply = () => import('../features/programmes/apply-page.tsx');
const slApplication = () => import('../features/programmes/sl-application-page.tsx');
const applyRoute = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({ path, title, role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: programmeApply, gate: 'complete-info', ...extra });
const slRoute = (path: string): RouteDef => ({ path, title: '学生领袖申请', role: 'sl', topBar: 'student-leader', footer: 'default', usesAntd: true, load: slApplication });
const PROGRAMME_APPLICATION_ROUTES: readonly RouteDef[] = [
  applyRoute(PATHS.programmeApply, '项目申请'),
  applyRoute(PATHS.sbpApply, 'SBP 申请'),
  applyRoute(PATHS.csiApply, 'SSI 申请'),
  applyRoute(PATHS.studentAdditionalCsi, 'SSI 补充信息'),
  applyRoute(PATHS.hweekApply, 'H-week 申请'),
  applyRoute(PATHS.volunteerApply, '志愿者申请', { amcHidden: true }),
  applyRoute(PATHS.programmeUploader, '上传材料', { load: () => import('../features/programmes/uploader-page.tsx') }),
  applyRoute(PATHS.volunteerApplication, '志愿者申请', { amcHidden: true, load: () => import('../features/programmes/volunteer-application-page.tsx') }),
  applyRoute(PATHS.sbpIntro, 'SBP 101', { gate: undefined, load: () => import('../features/programmes/programme-intro-page.tsx') }),
  { path: PATHS.sbpPublic, title: 'SBP', role: 'public', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/programmes/programme-public-page.tsx') },
  slRoute(PATHS.slApplication),
  slRoute(PATHS.slApplicationStep),
  slRoute(PATHS.cclApplication),
  slRoute(PATHS.cclApplicationStep),
];

export const ROUTES: readonly RouteDef[] = [
  { path: PATHS.home, title: '首页', role: 'public', topBar: 'index', footer: 'default', usesAntd: false, load: () => import('../features/site/home-page.tsx') },
  { path: PATHS.login, title: '登录', role: 'public', topBar: 'no-user', footer: 'none', usesAntd: false, load: loginScreen },
  { path: PATHS.register, title: '注册', role: 'public', topBar: 'no-user', footer: 'none', usesAntd: true, load: loginScreen },
  { path: PATHS.reset, title: '找回密码', role: 'public', topBar: 'no-user', footer: 'none', usesAntd: true, load: loginScreen },
  { path: PATHS.info, title: '完善个人信息', role: 'student', topBar: 'no-user', footer: 'none', usesAntd: true, load: loginScreen },
  { path: PATHS.agreement, title: '用户协议', role: 'public', topBar: 'text-block', footer: 'default', usesAntd: false, load: () => import('../features/legal/agreement-page.tsx') },
  { path: PATHS.privacy, title: '隐私政策', role: 'public', topBar: 'text-block', footer: 'default', usesAntd: false, load: () => import('../features/legal/privacy-page.tsx') },
  { path: PATHS.account, title: '我的账户', role: 'any', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('./composed/account-page.tsx') },
  { path: PATHS.accountDevices, title: '登录设备', role: 'any', topBar: 'back', footer: 'none', usesAntd: true, load: () => import('../features/sessions/devices-page.tsx') },
  { path: PATHS.loginMfa, title: '两步验证', role: 'public', topBar: 'no-user', footer: 'none', usesAntd: true, load: () => import('../features/auth/mfa-login-page.tsx') },
  { path: PATHS.accountSecurity, title: '账号安全', role: 'any', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/auth/mfa-security-page.tsx') },
  { path: PATHS.accountEdit, title: '编辑资料', role: 'student', topBar: 'back', footer: 'none', usesAntd: true, load: () => import('../features/profile/account-edit-page.tsx') },
  { path: PATHS.studentApply, title: '申请', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/apply/apply-page.tsx'), gate: 'complete-info' },
  { path: PATHS.studentAdditionalInfo, title: '补充信息', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/apply/additional-info-page.tsx'), gate: 'step1-submitted' },
  { path: PATHS.payApply, title: '支付申请费', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: admissionPay.apply, gate: 'step1-submitted' },
  { path: PATHS.admission, title: '录取通知', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: admissionPage, gate: 'offer-decided' },
  { path: PATHS.admissionPay, title: '缴纳学费', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: admissionPage, gate: 'offer-decided' },
  { path: PATHS.admissionSuccess, title: '缴费成功', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: admissionPage, gate: 'offer-decided' },
  { path: PATHS.payAdmission, title: '缴纳学费', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: admissionPay.tuition, gate: 'offer-released' },
  { path: PATHS.parentPay, title: '家长代付', role: 'public', topBar: 'back', footer: 'none', usesAntd: true, load: () => import('../features/admission/parent-pay-page.tsx') },
  { path: PATHS.offerVerify, title: '录取通知书验证', role: 'public', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/admission/offer-verify-page.tsx') },
  { path: PATHS.admissionNotices, title: '退费政策', role: 'student', topBar: 'text-block', footer: 'default', usesAntd: false, load: () => import('../features/admission/admission-notices-page.tsx') },
  { path: PATHS.financialAid, title: '申请助学金', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/admission/financial-aid-page.tsx'), gate: 'step1-submitted', amcHidden: true },
  { path: PATHS.admissionOffer, title: '录取通知书', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: admissionPage, gate: 'offer-decided' },
  { path: PATHS.admissionLetter, title: '录取通知书', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/admission/admission-letter-page.tsx'), gate: 'offer-decided' },
  { path: PATHS.financialAidSuccess, title: '助学金申请已提交', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/admission/financial-aid-success-page.tsx'), gate: 'step1-submitted', amcHidden: true },
  { path: PATHS.teacher, title: '教师中心', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teaching.home },
  { path: PATHS.admin, title: '管理后台', role: 'admin', topBar: 'teacher', footer: 'none', usesAntd: true, load: adminPage },
  { path: PATHS.adminTab, title: '管理后台', role: 'admin', topBar: 'teacher', footer: 'none', usesAntd: true, load: adminPage },
  { path: PATHS.adminStudent, title: '学生详情', role: 'admin', topBar: 'teacher', footer: 'none', usesAntd: true, load: () => import('../features/admin/people/student-page.tsx') },
  // The school portal (decision 059): one page, two tabs.
  { path: PATHS.school, title: '学校中心', role: 'school', topBar: 'school', footer: 'default', usesAntd: true, load: schoolPage },
  { path: PATHS.schoolApply, title: '学生申请情况', role: 'school', topBar: 'school', footer: 'default', usesAntd: true, load: schoolPage },
  // Tester gate of non-production hosts (docs/product/users-and-roles.md, decision 015): plain markup, outside every other gate.
  { path: PATHS.innerSecurity, title: '访问验证', role: 'public', topBar: 'no-user', footer: 'none', usesAntd: false, load: securityPage },
  { path: PATHS.amcSecurity, title: '访问验证', role: 'public', topBar: 'no-user', footer: 'none', usesAntd: false, load: securityPage },
  // Decisions 027, 028: the SL entry, identity switch, e-mail results, PDF viewer, interim page.
  { path: PATHS.slEntry, title: '学生领袖登录', role: 'public', topBar: 'no-user', footer: 'none', usesAntd: false, load: loginScreen, loggedInTarget: { role: 'sl', path: PATHS.slApplication } },
  { path: PATHS.changeId, title: '切换身份', role: 'any', topBar: 'default', footer: 'default', usesAntd: false, load: () => import('../features/identity/change-id-page.tsx') },
  { path: PATHS.emailValidateSuccess, title: '邮箱验证成功', role: 'public', topBar: 'default', footer: 'default', usesAntd: false, load: emailResultPage },
  { path: PATHS.emailValidateFail, title: '邮箱验证失败', role: 'public', topBar: 'default', footer: 'default', usesAntd: false, load: emailResultPage },
  { path: PATHS.pdf, title: '查看文件', role: 'public', topBar: 'back', footer: 'none', usesAntd: false, load: () => import('../features/pdf-viewer/pdf-viewer-page.tsx') },
  // Venue and house results (decision 040).
  { path: PATHS.cardCourse, title: '我的会场与选课', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: placement.card, gate: 'tuition-paid' },
  { path: PATHS.houseRevealBegin, title: '揭晓我的学院', role: 'student', topBar: 'default', footer: 'none', usesAntd: true, load: placement.reveal, gate: 'tuition-paid' },
  { path: PATHS.houseRevealResult, title: '我的学院', role: 'student', topBar: 'default', footer: 'none', usesAntd: true, load: placement.reveal, gate: 'tuition-paid' },
  { path: PATHS.sortingCeremony, title: '分院仪式', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: placement.ceremony, gate: 'tuition-paid' },
  { path: PATHS.twelveHouses, title: '十二学院', role: 'public', topBar: 'default', footer: 'default', usesAntd: true, load: placement.twelve },
  { path: PATHS.roster, title: '会场名单', role: 'public', topBar: 'default', footer: 'default', usesAntd: true, load: placement.roster },
  { path: PATHS.rosterPlace, title: '会场名单', role: 'public', topBar: 'default', footer: 'default', usesAntd: true, load: placement.roster },
  { path: PATHS.studentHouseRules, title: '学院守则', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: placement.rules },
  { path: PATHS.teacherHouseRules, title: '学院守则', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: placement.rules },
  // Onboarding (decisions 048–049): the API answers 403-10 without offer and tuition.
  { path: PATHS.admissionMajor, title: '确认专业', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: onboarding.offerings, gate: 'tuition-paid' },
  { path: PATHS.admissionCsi, title: 'SSI 项目', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: onboarding.offerings, gate: 'tuition-paid' },
  { path: PATHS.admissionPodcast, title: '播客报名', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: onboarding.offerings, gate: 'tuition-paid' },
  { path: PATHS.admissionMasterClass, title: '大师课报名', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: onboarding.offerings, gate: 'tuition-paid' },
  { path: PATHS.pilotStudy, title: '先导研究报名', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: onboarding.offerings, gate: 'tuition-paid' },
  { path: PATHS.collegeInfoSession, title: '院校说明会', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: onboarding.offerings, gate: 'tuition-paid' },
  { path: PATHS.orientation, title: '入学指南', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: onboarding.reading, gate: 'tuition-paid' },
  { path: PATHS.admissionPositive, title: '录取后的积极准备', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: onboarding.reading, gate: 'tuition-paid' },
  { path: PATHS.eliteSchoolsKnow, title: '名校须知', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: onboarding.reading, gate: 'tuition-paid' },
  { path: PATHS.wxCodeRedirect, title: '微信授权', role: 'public', topBar: 'default', footer: 'none', usesAntd: false, load: () => import('../features/auth/wx-code-redirect-page.tsx') },
  { path: PATHS.wxCode, title: '微信打开', role: 'public', topBar: 'default', footer: 'none', usesAntd: false, load: () => import('../features/wechat/wx-code-page.tsx') },
  { path: PATHS.mini, title: '小程序', role: 'public', topBar: 'default', footer: 'default', usesAntd: false, load: () => import('../features/wechat/mini-landing-page.tsx') },
  { path: PATHS.loading, title: '加载中', role: 'public', topBar: 'default', footer: 'none', usesAntd: false, load: () => import('../features/loading/loading-page.tsx') },
  // Course centre (decision 041).
  { path: PATHS.courseWish, title: '我的志愿', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/course-centre/course-wish-page.tsx') },
  { path: PATHS.coursePreview, title: '课程目录', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: courseCatalogue },
  { path: PATHS.seminar, title: '研讨课', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: courseCatalogue },
  { path: PATHS.seminarIntro, title: '选课说明', role: 'student', topBar: 'default', footer: 'default', usesAntd: false, load: () => import('../features/course-centre/seminar-intro-page.tsx') },
  { path: PATHS.seminarDetail, title: '课程详情', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/course-centre/seminar-detail-page.tsx') },
  { path: PATHS.courseMine, title: '我的课表', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/course-centre/my-course-page.tsx') },
  { path: PATHS.cornerstone, title: '基石工作坊', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/course-centre/cornerstone-page.tsx') },
  { path: PATHS.schedule, title: '课表', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/course-centre/schedule-page.tsx') },
  // Course work (decisions 052/053).
  { path: PATHS.teacherAssignmentDetail, title: '作业详情', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: () => import('../features/coursework/assignment-detail-page.tsx') },
  { path: PATHS.teacherParticipation, title: '作业与成绩', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: () => import('../features/coursework/participation-page.tsx') },
  { path: PATHS.adminAssignmentDetail, title: '作业详情', role: 'admin', topBar: 'teacher', footer: 'none', usesAntd: true, load: () => import('../features/coursework/assignment-detail-page.tsx') },
  { path: PATHS.adminCourseRoster, title: '课程学生', role: 'admin', topBar: 'teacher', footer: 'none', usesAntd: true, load: () => import('../features/course-admin/course-roster-page.tsx') },
  { path: PATHS.adminCourseGrades, title: '课程成绩', role: 'admin', topBar: 'teacher', footer: 'none', usesAntd: true, load: () => import('../features/course-admin/course-grades-page.tsx') },
  { path: PATHS.adminCourseSigns, title: '课程出勤', role: 'admin', topBar: 'teacher', footer: 'none', usesAntd: true, load: () => import('../features/course-admin/course-signs-page.tsx') },
  { path: PATHS.studentAssignments, title: '我的作业', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/coursework/student-assignments-page.tsx') },
  { path: PATHS.writingCenter, title: '写作中心', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/coursework/writing-center-page.tsx') },
  { path: PATHS.gradeQuery, title: '成绩查询', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/coursework/grade-query-page.tsx') },
  { path: PATHS.gradeExplain, title: '成绩说明', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/coursework/grade-explain-page.tsx') },
  { path: PATHS.gradePost, title: '成绩通知', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/coursework/grade-post-page.tsx') },
  { path: PATHS.gradePostDetail, title: '成绩通知', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/coursework/grade-post-page.tsx') },
  // Teaching (decisions 050/051).
  { path: PATHS.teacherHouse, title: '学院学生', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teaching.house },
  { path: PATHS.teacherCourses, title: '我的课程', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teaching.home },
  { path: PATHS.teacherCourseDetail, title: '课程详情', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teaching.course },
  ...([
    [PATHS.teacherCoursePreview, '课程预览'],
    [PATHS.teacherCoursePreviewDetail, '课程预览'],
    [PATHS.teacherTrainingCourse, '教师培训课程'],
    [PATHS.teacherCapstone, '毕业项目'],
    [PATHS.teacherCapstoneDetail, '毕业项目'],
    [PATHS.teacherMcDetail, '大师课'],
    [PATHS.teacherProfile, '教师资料'],
    [PATHS.teacherAcademicResources, '学术资源'],
    [PATHS.teacherHbr, 'HBR 案例资源'],
    [PATHS.teacherHsylcer, 'HSYLCER'],
    [PATHS.teacherCw, '基石工作坊'],
  ] as const).map(([path, title]): RouteDef => ({ path, title, role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teaching.resources })),
  { path: PATHS.teacherCheckinList, title: '签到', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teaching.signs },
  { path: PATHS.teacherCheckin, title: '签到详情', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teaching.sign },
  { path: PATHS.teacherMobileCheckin, title: '手机点名', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teaching.sign },
  { path: PATHS.teacherCheckinQr, title: '签到二维码', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teaching.qr },
  { path: PATHS.adminCheckin, title: '签到详情', role: 'admin', topBar: 'teacher', footer: 'none', usesAntd: true, load: teaching.sign },
  { path: PATHS.adminMobileCheckin, title: '手机点名', role: 'admin', topBar: 'teacher', footer: 'none', usesAntd: true, load: teaching.sign },
  { path: PATHS.adminCheckinQr, title: '签到二维码', role: 'admin', topBar: 'teacher', footer: 'none', usesAntd: true, load: teaching.qr },
  { path: PATHS.studentCheckin, title: '扫码签到', role: 'student', topBar: 'default', footer: 'none', usesAntd: true, load: () => import('../features/teaching/student-checkin-page.tsx') },
  { path: PATHS.calendar, title: '课程日历', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/teaching/calendar-page.tsx') },
  // Decisions 054/055: class pages, office hours, feedback, recommendation letters.
  ...CLASS_ROUTES,
  // Areas with their own route lists (app/routes/): WeChat and WeCom, community.
  ...MINIPROGRAM_ROUTES,
  ...WECOM_SIGNIN_ROUTES,
  ...WECOM_SEMINAR_ROUTES,
  ...ACTIVITIES_ROUTES,
  ...MISSION_X_ROUTES,
  ...GAMES_ROUTES,
  ...CAMPUS_ROUTES,
  ...FORUM_ROUTES,
  ...TALENT_SHOW_ROUTES,
  ...BADGES_ROUTES,
  ...PROGRAMME_APPLICATION_ROUTES,
  // The checklist and the onboarding forms (decision 046); offer and paid tuition (docs/product/users-and-roles.md).
  // Decision 061: every in-app notice, for any logged-in student.
  { path: PATHS.studentMessages, title: '消息', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../features/messages/messages-page.tsx') },
  { path: PATHS.checklist, title: '入学清单', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: onboardingForms.checklist, gate: 'tuition-paid' },
  ...[PATHS.sceneFormBasic, PATHS.sceneFormHealth, PATHS.sceneFormAddress, PATHS.studentInformation, PATHS.studentBaseHealthInfo, PATHS.studentPreviousInfo].map(
    (path): RouteDef => ({ path, title: '入学信息', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: onboardingForms.form, gate: 'tuition-paid' }),
  ),
  // programmes: portal pages (decision 075): after the offer. Each page reads the programme's portal
  // and shows the docs/product/users-and-roles.md gate (仅录取用户可访问 / 完成定金支付后，方可访问) itself, so no student gate here.
  ...(
    [
      [PATHS.sbpManage, '我的 SBP', portal.sbpManage],
      [PATHS.sbpCourseDuration, '选择课程时长', portal.sbpDuration],
      [PATHS.sbpWeek, '每周内容', portal.week],
      [PATHS.sbpPay, '缴纳项目费用', portal.sbpPay],
      [PATHS.sbpAnnouncement, '项目公告', portal.sbpAnnouncement],
      [PATHS.hxweekPay, '缴纳定金', portal.deposit],
      [PATHS.hxweekPayNhp, 'NHP 合作渠道支付', portal.nhp],
      [PATHS.hxweekFinalPayment, '支付尾款', portal.final],
      [PATHS.hxweekPassport, '护照信息', portal.passport],
      [PATHS.hxweekVisa, '签证', portal.visa],
      [PATHS.hxweekCourse, '课程', portal.course],
      [PATHS.deansList, "Dean's List", portal.deansHub],
      [PATHS.programmePortal, '我的项目', portal.hub],
      [PATHS.programmePortalIntro, '项目介绍', portal.intro],
      [PATHS.programmePortalPay, '缴纳项目费用', portal.deposit],
      [PATHS.programmePortalFinal, '支付尾款', portal.final],
      [PATHS.programmePortalPassport, '护照信息', portal.passport],
      [PATHS.programmePortalVisa, '签证', portal.visa],
      [PATHS.programmePortalCourse, '课程', portal.course],
      [PATHS.programmePortalDuration, '选择课程时长', portal.sbpDuration],
      [PATHS.programmePortalAnnouncement, '项目公告', portal.sbpAnnouncement],
      [PATHS.programmePortalWeek, '每周内容', portal.week],
      [PATHS.deansListPassport, '护照信息', portal.passport],
      [PATHS.deansListVisa, '签证', portal.visa],
      [PATHS.deansListFinalPayment, '支付尾款', portal.final],
      [PATHS.deansListCourses, '课程', portal.course],
      [PATHS.deansListPayReturn, '缴费', portal.payReturn],
    ] as const
  ).map(([path, title, load]): RouteDef => ({ path, title, role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load })),
  ...[PATHS.sbpParentPay, PATHS.hxweekParentPay, PATHS.deansListParentPay, PATHS.programmeParentPay].map(
    (path): RouteDef => ({ path, title: '家长代付', role: 'public', topBar: 'back', footer: 'none', usesAntd: true, load: portal.parentPay }),
  ),
  // The info pages of docs/product/screens-and-routes.md (decisions 013–019): one lazy module reads the slug from the path and the words from the
  // content store. Plain markup, no antd. Their AMC flag is SITE_PAGES[].amcHidden (for the AMC gate).
  ...INFO_PAGES.map(
    (page): RouteDef => ({ path: sitePathOf(page.slug), title: page.title, role: 'public', topBar: 'inner', footer: 'default', usesAntd: false, load: infoPage, ...(page.amcHidden ? { amcHidden: true } : {}) }),
  ),
];

export const NOT_FOUND_ROUTE: RouteDef = {
  path: '*',
  title: '页面不存在',
  role: 'public',
  topBar: 'default',
  footer: 'default',
  usesAntd: false,
  load: () => import('../features/not-found/not-found-page.tsx'),
};
