import { eq } from 'drizzle-orm';
import type { Role } from '@summit/domain';
import type { Db } from '../db/client.ts';
import { accounts, studentProfiles } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { findSchoolByName } from '../modules/region/region.repo.ts';
import { seedSchools } from './seed-schools.ts';

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
  { phone: '13800000010', role: 'school', label: '学校账号（北京市第四中学）' },
  { phone: '13800000020', role: 'sl', label: '学生领袖 SL（赵一凡）' },
  { phone: '13900000001', role: 'student', label: '学生：新注册，未完善信息' },
  { phone: '13900000002', role: 'student', label: '学生：已完善信息，未申请' },
  { phone: '13900000003', role: 'student', label: '学生：已提交申请第一步，未缴申请费' },
  { phone: '13900000004', role: 'student', label: '学生：已申请并缴费，等待录取结果' },
  { phone: '13900000005', role: 'student', label: '学生：已发录取通知，未缴学费' },
  { phone: '13900000006', role: 'student', label: '学生：已缴学费' },
];

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
}

const STUDENT_PLANS: readonly StudentPlan[] = [
  { phone: '13900000002', name: '陈思远', email: 'chensiyuan@example.com', school: '北京市第四中学', activatedDaysAgo: 20, journey: () => ({}) },
  {
    phone: '13900000003',
    name: '林雨桐',
    email: 'linyutong@example.com',
    school: '上海市上海中学',
    activatedDaysAgo: 15,
    journey: (at) => ({ step1SubmittedAt: at(14) }),
  },
  {
    phone: '13900000004',
    name: '张子涵',
    email: 'zhangzihan@example.com',
    school: '华南师范大学附属中学',
    activatedDaysAgo: 30,
    journey: (at) => ({ batchStr: 'EB1', step1SubmittedAt: at(29), step2SubmittedAt: at(28), applyPaidAt: at(27.9) }),
  },
  {
    phone: '13900000005',
    name: '刘一鸣',
    email: 'liuyiming@example.com',
    school: '成都市第七中学',
    activatedDaysAgo: 45,
    journey: (at) => ({
      batchStr: 'EB1',
      step1SubmittedAt: at(44),
      step2SubmittedAt: at(43),
      applyPaidAt: at(42.9),
      offerLetter: 1,
      offerCreatedAt: at(20),
      placeName: '北京会场',
      professionalTrack: 'H-人文社科',
    }),
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
      step2SubmittedAt: at(48),
      applyPaidAt: at(47.9),
      offerLetter: 1,
      offerCreatedAt: at(25),
      tuitionPaidAt: at(10),
      placeName: '北京会场',
      professionalTrack: 'H-人文社科',
    }),
  },
];

async function requireSchool(db: Db, name: string) {
  const school = await findSchoolByName(db, name, 1);
  if (!school) throw new Error(`demo seed: school ${name} is missing from schools-data.ts`);
  return school;
}

/**
 * The demo programme: schools, staff of every role and one student at each stage of the journey, all with
 * DEMO_PASSWORD. Runs once: returns false without touching anything when the admin phone already exists.
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
    const partnerSchool = await requireSchool(tx, '北京市第四中学');
    await insertAccount('13800000010', 'school', { name: '北京市第四中学招生办', schoolId: partnerSchool.id }, at(60));
    const slSchool = await requireSchool(tx, '中国人民大学附属中学');
    await insertAccount('13800000020', 'sl', { name: '赵一凡', schoolId: slSchool.id }, at(60));

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
    }
    return true;
  });
}
