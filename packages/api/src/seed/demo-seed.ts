import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { GUARDIAN_CONSENT_VERSION, SBP_OFFER_TAG, offerLetterNo, type Role, type Step1, type Step2 } from '@summit/domain';
import type { Db } from '../db/client.ts';
import { accounts, studentProfiles } from '../db/schema.ts';
import { admissionDecisions, applications } from '../db/schema-admission.ts';
import { hashPassword } from '../lib/password.ts';
import { findSchoolByName } from '../modules/region/region.repo.ts';
import { seedSchools } from './seed-schools.ts';
import { seedDemoChecklist } from './demo-checklist.ts';
import { seedDemoReconciliation } from './demo-reconciliation.ts';
import { seedDemoTimeSheets } from './demo-time-sheets.ts';
import { seedDemoStructure } from './demo-structure.ts';
import { seedDemoCoursework } from './demo-coursework.ts';
import { seedDemoOnboarding } from './demo-onboarding.ts';
import { seedDemoProgrammes } from './demo-programmes.ts';
import { seedDemoDeadlines } from './demo-deadlines.ts';
import { seedDemoActivities } from './demo-activities.ts';
import { seedDemoForum } from './demo-forum.ts';
import { seedDemoBadges } from './demo-badges.ts';
import { seedDemoTalentShow } from './demo-talent-show.ts';
import { seedDemoWecomSignin } from './demo-wecom-signin.ts';
import { seedDemoMissionX } from './demo-mission-x.ts';
import { seedDemoGames } from './demo-games.ts';
import { seedDemoWecomSeminar } from './demo-wecom-seminar.ts';
import { seedDemoMiniprogram } from './demo-miniprogram.ts';

/** One password for every demo account, printed at start-up (README, main.ts). */
export const DEMO_PASSWORD = 'Summit2026!';

export interface DemoAccount {
  phone: string;
  role: Role;
  label: string;
}

const ADMIN_PHONE = '13800000001';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { phone: ADMIN_PHONE, role: 'teacher', label: '管理员（教务管理员）' },
  { phone: '13800000002', role: 'teacher', label: '教师（王老师）' },
  { phone: '13800000003', role: 'teacher', label: '助教 TF（李老师）' },
  { phone: '13800000004', role: 'teacher', label: '学院导师 CSL（陈老师）' },
  { phone: '13800000005', role: 'teacher', label: '工作人员（运营老师）：入学清单、签到、学院杯、消息' },
  { phone: '13800000010', role: 'school', label: '学校账号（北京市第四中学）' },
  { phone: '13800000020', role: 'sl', label: '学生领袖 SL（赵一凡）' },
  { phone: '13800000021', role: 'sl', label: '学生领袖 SL（孙可欣）：另一位学生领袖，SL 与 CCL 申请均未开始' },
  { phone: '13900000001', role: 'student', label: '学生：新注册，未完善信息' },
  { phone: '13900000002', role: 'student', label: '学生：已完善信息，未申请' },
  { phone: '13900000003', role: 'student', label: '学生：已提交申请第一步，未缴申请费' },
  { phone: '13900000004', role: 'student', label: '学生：已申请并缴费，等待录取结果' },
  { phone: '13900000005', role: 'student', label: '学生：已发录取通知，未缴学费' },
  { phone: '13900000006', role: 'student', label: '学生：已缴学费（北京会场）' },
  { phone: '13900000007', role: 'student', label: '学生：已缴学费（上海会场），可选课' },
  { phone: '13900000008', role: 'student', label: '志愿者：有工时记录（两条已通过、一条待审核）' },
  // Other programmes (decision 075).
  { phone: '13900000011', role: 'student', label: 'SSI 学生（active_type 3）：可申请 SSI' },
  { phone: '13900000012', role: 'student', label: '实习生（active_type 8）：可申请志愿者与实习生' },
  { phone: '13900000013', role: 'student', label: 'SBP 受邀学生（标签 sbp-offer）：可申请 SBP' },
  { phone: '13900000014', role: 'student', label: 'H-week 已录取（H-week），未缴费' },
  { phone: '13900000015', role: 'student', label: '院长嘉许名单已录取，未缴费' },
];

/** The other programmes' demo students: phone, name, active type, user tags, school. */
const PROGRAMME_STUDENTS = [
  { phone: '13900000011', name: '林晓雨', activeType: 3, tags: [] as string[], school: '北京市第四中学' },
  { phone: '13900000012', name: '孙浩然', activeType: 8, tags: [], school: '清华大学附属中学' },
  { phone: '13900000013', name: '何雨桐', activeType: 1, tags: [SBP_OFFER_TAG], school: '北京市第四中学' },
  { phone: '13900000014', name: '吴嘉怡', activeType: 1, tags: [], school: '中国人民大学附属中学' },
  { phone: '13900000015', name: '郑子涵', activeType: 1, tags: [], school: '北京市第四中学' },
] as const;

type AccountFields = Partial<Pick<typeof accounts.$inferInsert, 'name' | 'email' | 'isAdmin' | 'teacherType' | 'schoolId'>>;
type ProfileFields = Partial<Omit<typeof studentProfiles.$inferInsert, 'accountId'>>;

interface StudentPlan {
  phone: string;
  name: string;
  email: string;
  /** Must be a school in schools-data.ts: the profile takes its region ids from it. */
  school: string;
  /** Days before `now` the student registered. */
  activatedDaysAgo: number;
  journey: (at: (daysAgo: number) => Date) => ProfileFields;
  /** Step 1 answers that differ per student (the rest comes from `step1Of`). */
  applicant?: Pick<Step1, 'legal_name' | 'gender' | 'birth_date' | 'card_number' | 'grade' | 'guardian_name' | 'guardian_phone' | 'session_preference' | 'track_preference'>;
}

/** Valid GB 11643 numbers (checksums hold) for the demo applicants; not real people. */
const DEMO_APPLICANTS = {
  lin: { legal_name: '林雨桐', gender: 2, birth_date: '2009-03-12', card_number: '310104200903120020', grade: 'G11', guardian_name: '林建国', guardian_phone: '13700000003', session_preference: '第二期', track_preference: '理工科学' },
  zhang: { legal_name: '张子涵', gender: 2, birth_date: '2008-11-02', card_number: '440106200811020024', grade: 'G12', guardian_name: '张伟', guardian_phone: '13700000004', session_preference: '第一期', track_preference: '商业经济' },
  liu: { legal_name: '刘一鸣', gender: 1, birth_date: '2009-06-20', card_number: '510107200906200014', grade: 'G11', guardian_name: '刘强', guardian_phone: '13700000005', session_preference: '第一期', track_preference: '人文社科' },
  sun: { legal_name: '孙浩然', gender: 1, birth_date: '2008-05-15', card_number: '310104200805150031', grade: 'G12', guardian_name: '孙明', guardian_phone: '13700000007', session_preference: '第一期', track_preference: '商业经济' },
  wang: { legal_name: '王可欣', gender: 2, birth_date: '2009-01-08', card_number: '330106200901080041', grade: 'G11', guardian_name: '王芳', guardian_phone: '13700000006', session_preference: '第一期', track_preference: '人文社科' },
} as const satisfies Record<string, NonNullable<StudentPlan['applicant']>>;

function step1Of(applicant: NonNullable<StudentPlan['applicant']>, school: { id: number; name: string }): Step1 {
  return { ...applicant, card_type: 'id_card', school_id: school.id, school_name: school.name, guardian_relation: applicant.gender === 1 ? 'father' : 'mother', guardian_consent: true };
}

const DEMO_STEP2: Step2 = {
  essay_motivation:
    '我一直对社会问题背后的结构性原因很感兴趣。在学校的模拟联合国和社会调查课题中，我发现很多看似个人的选择，其实受到制度、经济和文化的共同影响。' +
    '我希望在 Summit 夏季项目中，跟随大学教授系统学习研究方法，学会提出好问题、收集证据并严谨论证，也希望结识来自不同城市、对学术同样充满热情的同学，' +
    '在讨论和合作中检验自己的想法，为将来的大学学习做好准备。',
  essay_question:
    '高一时我注意到学校食堂每天剩余的饭菜很多，于是和三位同学一起做了为期一个月的调查：记录每餐的剩余量，访谈食堂师傅和同学，分析浪费的原因。' +
    '我们发现份量固定和菜品信息不透明是主要原因，便向学校提出了自选份量和提前公布菜单的建议。学校采纳后，剩余量下降了约三成。' +
    '这个过程让我明白，解决问题需要先把问题量化，再和相关的人真正沟通。',
  english_test: 'TOEFL',
  english_score: '102',
  activities: [{ name: '模拟联合国社团', role: '社长', description: '组织校内会议三次，带队参加两次市级会议并获最佳代表奖。' }],
  attachment: null,
};

const STUDENT_PLANS: readonly StudentPlan[] = [
  { phone: '13900000002', name: '陈思远', email: 'chensiyuan@example.com', school: '北京市第四中学', activatedDaysAgo: 20, journey: () => ({}) },
  {
    phone: '13900000003',
    name: '林雨桐',
    email: 'linyutong@example.com',
    school: '上海市上海中学',
    activatedDaysAgo: 15,
    journey: (at) => ({ batchStr: 'EB1', step1SubmittedAt: at(14) }),
    applicant: DEMO_APPLICANTS.lin,
  },
  {
    phone: '13900000004',
    name: '张子涵',
    email: 'zhangzihan@example.com',
    school: '北京市第四中学',
    activatedDaysAgo: 30,
    journey: (at) => ({ batchStr: 'EB1', step1SubmittedAt: at(29), applyPaidAt: at(28.9), step2SubmittedAt: at(28) }),
    applicant: DEMO_APPLICANTS.zhang,
  },
  {
    phone: '13900000005',
    name: '刘一鸣',
    email: 'liuyiming@example.com',
    school: '北京市第四中学',
    activatedDaysAgo: 45,
    journey: (at) => ({
      batchStr: 'EB1',
      step1SubmittedAt: at(44),
      applyPaidAt: at(43.9),
      step2SubmittedAt: at(43),
      offerLetter: 1,
      // Released five days before the seed: tuition (due 14 days after the offer) is open, never overdue on day one.
      offerCreatedAt: at(5),
      placeName: '第一期',
      professionalTrack: '人文社科',
    }),
    applicant: DEMO_APPLICANTS.liu,
  },
  {
    phone: '13900000006',
    name: '王可欣',
    email: 'wangkexin@example.com',
    school: '杭州第二中学',
    activatedDaysAgo: 50,
    journey: (at) => ({
      batchStr: 'EB1',
      step1SubmittedAt: at(49),
      applyPaidAt: at(48.9),
      step2SubmittedAt: at(48),
      offerLetter: 1,
      offerCreatedAt: at(25),
      tuitionPaidAt: at(10),
      placeName: '第一期',
      professionalTrack: '人文社科',
    }),
    applicant: DEMO_APPLICANTS.wang,
  },
  {
    phone: '13900000007',
    name: '孙浩然',
    email: 'sunhaoran@example.com',
    school: '上海市上海中学',
    activatedDaysAgo: 40,
    journey: (at) => ({
      batchStr: 'EB1',
      step1SubmittedAt: at(39),
      applyPaidAt: at(38.9),
      step2SubmittedAt: at(38),
      offerLetter: 1,
      offerCreatedAt: at(22),
      tuitionPaidAt: at(8),
      placeName: '第一期',
      professionalTrack: '商业经济',
    }),
    applicant: DEMO_APPLICANTS.sun,
  },
];

async function requireSchool(db: Db, name: string) {
  const school = await findSchoolByName(db, name, 1);
  if (!school) throw new Error(`demo seed: school ${name} is missing from schools-data.ts`);
  return school;
}

/**
 * The demo programme: schools, staff of every role and one student at each stage of the journey, all with
 * DEMO_PASSWORD; then its structure (venues, houses, courses, the paid students' venues: demo-structure.ts). Runs once: returns false without touching anything when the admin phone already exists.
 */
export async function seedDemo(db: Db, options: { argon2MemoryKib: number; now?: Date }): Promise<boolean> {
  const existing = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, ADMIN_PHONE)).limit(1);
  if (existing.length > 0) return false;

  const now = options.now ?? new Date();
  const at = (daysAgo: number) => new Date(now.getTime() - Math.round(daysAgo * 86_400_000));
  // Hashed before the transaction: argon2 is the slow part and holds no locks.
  const hashes = new Map<string, string>();
  for (const a of DEMO_ACCOUNTS) hashes.set(a.phone, await hashPassword(DEMO_PASSWORD, options.argon2MemoryKib));

  return db.transaction(async (tx) => {
    await seedSchools(tx);
    const insertAccount = async (phone: string, role: Role, fields: AccountFields, createdAt = now) => {
      const rows = await tx
        .insert(accounts)
        .values({ role, phoneCode: '86', phone, passwordHash: hashes.get(phone) ?? null, createdAt, updatedAt: createdAt, ...fields })
        .onConflictDoNothing({ target: [accounts.phoneCode, accounts.phone] })
        .returning({ id: accounts.id });
      return rows[0]?.id ?? null;
    };

    // A second seeder racing this one loses here and leaves everything to the first.
    const adminId = await insertAccount(ADMIN_PHONE, 'teacher', { name: '教务管理员', teacherType: 9, isAdmin: true }, at(60));
    if (adminId === null) return false;
    await insertAccount('13800000002', 'teacher', { name: '王老师', teacherType: 1 }, at(60));
    await insertAccount('13800000003', 'teacher', { name: '李老师', teacherType: 2 }, at(60));
    // A CSL with no house yet: an admin sets it on the 学院 tab (decision 050).
    await insertAccount('13800000004', 'teacher', { name: '陈老师', teacherType: 3 }, at(60));
    // Type 4 staff: the console's operations tabs only (decision 063).
    await insertAccount('13800000005', 'teacher', { name: '运营老师', teacherType: 4 }, at(60));
    const partnerSchool = await requireSchool(tx, '北京市第四中学');
    await insertAccount('13800000010', 'school', { name: '北京市第四中学招生办', schoolId: partnerSchool.id }, at(60));
    const slSchool = await requireSchool(tx, '中国人民大学附属中学');
    await insertAccount('13800000020', 'sl', { name: '赵一凡', schoolId: slSchool.id }, at(60));
    await insertAccount('13800000021', 'sl', { name: '孙可欣', schoolId: slSchool.id }, at(60));

    const newcomerId = await insertAccount('13900000001', 'student', {}, at(1));
    if (newcomerId !== null) await tx.insert(studentProfiles).values({ accountId: newcomerId, activatedAt: at(1), updatedAt: at(1) });

    for (const plan of STUDENT_PLANS) {
      const school = await requireSchool(tx, plan.school);
      const activatedAt = at(plan.activatedDaysAgo);
      const accountId = await insertAccount(plan.phone, 'student', { name: plan.name, email: plan.email }, activatedAt);
      if (accountId === null) continue;
      const journey = plan.journey(at);
      await tx.insert(studentProfiles).values({
        accountId,
        activatedAt,
        infoCompletedAt: new Date(activatedAt.getTime() + 15 * 60_000),
        schoolCountryId: school.countryId,
        schoolStateId: school.stateId,
        schoolCityId: school.cityId,
        schoolZoneId: school.zoneId,
        schoolId: school.id,
        schoolName: school.name,
        ...journey,
        updatedAt: journey.tuitionPaidAt ?? journey.offerCreatedAt ?? journey.applyPaidAt ?? journey.step1SubmittedAt ?? activatedAt,
      });
      if (plan.applicant && journey.step1SubmittedAt) {
        await tx.insert(applications).values({
          accountId,
          step1: step1Of(plan.applicant, school),
          step2: journey.step2SubmittedAt ? DEMO_STEP2 : {},
          batch: journey.batchStr ?? null,
          consentVersion: GUARDIAN_CONSENT_VERSION,
          consentAt: journey.step1SubmittedAt,
          createdAt: journey.step1SubmittedAt,
          updatedAt: journey.step2SubmittedAt ?? journey.step1SubmittedAt,
        });
      }
      if (journey.offerLetter && journey.offerCreatedAt) {
        // A released offer, as an admin's release leaves it (admissions module): letter number and verify code.
        await tx.insert(admissionDecisions).values({
          accountId,
          decision: 'offer',
          placeName: journey.placeName ?? null,
          professionalTrack: journey.professionalTrack ?? null,
          decidedBy: adminId,
          decidedAt: journey.offerCreatedAt,
          releasedAt: journey.offerCreatedAt,
          releasedBy: adminId,
          verifyCode: randomBytes(32).toString('base64url'),
          letterNo: offerLetterNo(accountId, journey.offerCreatedAt),
          updatedAt: journey.offerCreatedAt,
        });
      }
    }
    // A volunteer (active_type 4, docs/product/data.md) with hours on the 工时 tab (decision 065).
    const volunteerSchool = await requireSchool(tx, '清华大学附属中学');
    const volunteerId = await insertAccount('13900000008', 'student', { name: '周志远', email: 'zhouzhiyuan@example.com' }, at(30));
    if (volunteerId !== null) {
      await tx.insert(studentProfiles).values({
        accountId: volunteerId,
        activeType: 4,
        activatedAt: at(30),
        infoCompletedAt: at(30),
        schoolCountryId: volunteerSchool.countryId,
        schoolStateId: volunteerSchool.stateId,
        schoolCityId: volunteerSchool.cityId,
        schoolZoneId: volunteerSchool.zoneId,
        schoolId: volunteerSchool.id,
        schoolName: volunteerSchool.name,
        updatedAt: at(30),
      });
      await seedDemoTimeSheets(tx, { volunteerId, adminId, now });
    }
    // Students of the other programmes (decision 075), then the programmes and their admitted applications.
    const programmeStudentIds = new Map<string, number | null>();
    for (const p of PROGRAMME_STUDENTS) {
      const school = await requireSchool(tx, p.school);
      const id = await insertAccount(p.phone, 'student', { name: p.name }, at(20));
      programmeStudentIds.set(p.phone, id);
      if (id === null) continue;
      await tx.insert(studentProfiles).values({
        accountId: id,
        activeType: p.activeType,
        userTags: [...p.tags],
        activatedAt: at(20),
        infoCompletedAt: at(20),
        schoolCountryId: school.countryId,
        schoolStateId: school.stateId,
        schoolCityId: school.cityId,
        schoolZoneId: school.zoneId,
        schoolId: school.id,
        schoolName: school.name,
        updatedAt: at(20),
      });
    }
    await seedDemoProgrammes(tx, { adminId, now, students: { hxweek: programmeStudentIds.get('13900000014') ?? null, deansList: programmeStudentIds.get('13900000015') ?? null } });
    // After the accounts: courses name the demo teachers, venue assignments the paid students.
    await seedDemoStructure(tx, { adminId, now });
    await seedDemoCoursework(tx, { now });
    await seedDemoOnboarding(tx, { adminId, now });
    await seedDemoChecklist(tx, now);
    await seedDemoReconciliation(tx, now);
    await seedDemoDeadlines(tx, now);
    await seedDemoActivities(tx, { adminId, now });
    await seedDemoForum(tx, { now, adminId });
    await seedDemoBadges(tx, { adminId, now });
    await seedDemoTalentShow(tx, { adminId, now });
    await seedDemoWecomSignin(tx, { adminId, now });
    await seedDemoMissionX(tx, { now });
    await seedDemoGames(tx, { now });
    await seedDemoWecomSeminar(tx, { now });
    await seedDemoMiniprogram(tx, { now });
    return true;
  });
}
