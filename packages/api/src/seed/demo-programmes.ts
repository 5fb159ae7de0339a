/**
 * The demo's other programmes (decision 075): the seven built-in programmes as data, with real
 * Chinese content, and a few applications so every kind of account has something to see: an H-week student
 * already admitted (H-week, nothing paid) and a Dean's List student admitted. Idempotent: programmes and
 * applications that exist are left as they are.
 */
import { and, eq } from 'drizzle-orm';
import { BUILTIN_PROGRAMMES, SBP_OFFER_TAG, programmeDefinitionSchema, type ProgrammeDefinition, type ProgrammeEligibility, type ProgrammeFees, type ProgrammeQuestion, type ProgrammeStep } from '@summit/domain';
import type { Db } from '../db/client.ts';
import { programmeApplications, programmes } from '../db/schema-programmes.ts';

const DAY_MS = 86_400_000;
const NO_DUE = { kind: 'after_offer' as const, days: 14 };

const everyone: ProgrammeEligibility = { active_types: [], secondary_only: false, early_batch_only: false, required_tag: null, hidden_on_amc: false };
const noFees: ProgrammeFees = { apply_fee_fen: 0, mode: 'none', fee_fen: 0, deposit_fen: 0, whole_due: NO_DUE, deposit_due: NO_DUE, final_due: NO_DUE, durations: [], parent_pay: false };
const noContent = { course_html: '', announcement_html: '', weeks: [] };

function base(name: string, summary: string, intro: string, steps: ProgrammeStep[]): Omit<ProgrammeDefinition, 'eligibility' | 'fees' | 'documents'> {
  return { name, summary, applicant_role: 'student', status: 'open', apply_opens_at: null, apply_closes_at: null, ends_on: null, steps, offer_types: [], intro_html: intro, ...noContent };
}

const motivation = (label = '申请理由'): ProgrammeQuestion => ({ key: 'motivation', label, type: 'textarea', required: true, max_length: 1000, hint: '300字以内为宜' });
const grade: ProgrammeQuestion = { key: 'grade', label: '年级', type: 'select', required: true, options: ['初三', '高一', '高二', '高三'] };
const resume = (role: 'student' | 'parent' | 'school' = 'student', label = '个人简历'): ProgrammeQuestion => ({ key: 'resume', label, type: 'upload', required: true, upload_role: role, accept: ['pdf', 'doc', 'docx'] });

/** The seven built-in programmes; week 1 of SBP is open at `now`, week 3 and later not yet. */
export function demoProgrammeDefinitions(now: Date): Record<string, ProgrammeDefinition> {
  const day = (n: number) => new Date(now.getTime() + n * DAY_MS).toISOString();
  const passportSteps: ProgrammeStep[] = [
    { key: 'basic', title: '基本信息', questions: [grade, { key: 'english', label: '英语水平', type: 'radio', required: true, options: ['托福/雅思成绩', '校内成绩优秀', '一般'] }, motivation()] },
    { key: 'materials', title: '申请材料', questions: [{ key: 'transcript', label: '近一年成绩单', type: 'upload', required: true, upload_role: 'school', accept: ['pdf', 'jpg', 'png'] }, { key: 'consent', label: '家长同意书', type: 'upload', required: true, upload_role: 'parent', accept: ['pdf', 'jpg', 'png'] }] },
  ];
  const slSteps = (kind: string): ProgrammeStep[] => [
    { key: 'profile', title: '个人情况', questions: [{ key: 'school_role', label: '在校担任的职务', type: 'text', required: true, max_length: 100 }, { key: 'strengths', label: '你的优势', type: 'checkbox', required: true, options: ['组织协调', '公开演讲', '学科竞赛', '社团活动', '志愿服务'] }] },
    { key: 'plan', title: `${kind}计划`, questions: [motivation(`你将如何带领${kind === 'CCL' ? '校园社群' : '小组'}`), resume()] },
  ];
  return {
    [BUILTIN_PROGRAMMES.ssi]: {
      ...base('SSI 暑期学术研究项目', '面向高中生的暑期学术研究：导师一对一指导，完成一篇研究论文。', '<h2>项目介绍</h2><p>SSI（Summer Scholars Institute）为高中生提供为期四周的学术研究训练，由高校导师一对一指导，完成研究选题、文献综述与论文写作。</p><ul><li>导师一对一</li><li>结业论文与证书</li></ul>', [
        { key: 'apply', title: '研究申请', questions: [grade, { key: 'field', label: '研究方向', type: 'select', required: true, options: ['人文', '社会科学', '理工', '商业经济'] }, motivation('研究设想')] },
        { key: 'additional', title: '补充材料', questions: [{ key: 'writing', label: '写作样本', type: 'upload', required: true, upload_role: 'student', accept: ['pdf', 'doc', 'docx'] }, { key: 'teacher', label: '推荐老师姓名', type: 'text', required: false, max_length: 40 }] },
      ]),
      eligibility: { ...everyone, active_types: [3], secondary_only: true },
      fees: noFees,
      documents: { passport: false, visa: false },
    },
    [BUILTIN_PROGRAMMES.volunteer]: {
      ...base('暑期项目志愿者与实习生', '大学生志愿者与实习生：协助课程、活动与学生服务。', '<h2>加入我们</h2><p>我们招募大学生志愿者与实习生，协助暑期项目的课程助教、学院活动与学生服务。表现优秀者可获实习证明。</p>', [
        {
          key: 'step1',
          title: '基本信息与志愿意向',
          questions: [
            { key: 'university', label: '就读大学', type: 'text', required: true, max_length: 60 },
            { key: 'major', label: '专业', type: 'text', required: true, max_length: 60 },
            { key: 'intent', label: '志愿意向', type: 'radio', required: true, options: ['课程助教', '学院活动', '学生服务', '宣传与摄影'] },
            { key: 'available', label: '可服务时段', type: 'checkbox', required: true, options: ['第一期', '第二期', '第三期'] },
          ],
        },
        { key: 'step2', title: '经历与材料', questions: [{ key: 'experience', label: '相关经历', type: 'textarea', required: true, max_length: 1500 }, resume()] },
      ]),
      eligibility: { ...everyone, active_types: [4, 8, 12], hidden_on_amc: true },
      fees: noFees,
      documents: { passport: false, visa: false },
    },
    [BUILTIN_PROGRAMMES.sl]: {
      ...base('学生领袖 SL 项目', '在暑期项目中带领小组、组织活动的学生领袖。', '<h2>学生领袖（SL）</h2><p>学生领袖在暑期项目中带领一个学习小组，组织讨论与活动，并获得领导力培训。</p>', slSteps('SL')),
      applicant_role: 'sl',
      eligibility: everyone,
      fees: noFees,
      documents: { passport: false, visa: false },
    },
    [BUILTIN_PROGRAMMES.ccl]: {
      ...base('校园社群领袖 CCL 项目', '在本校组织学术社群、推广暑期项目的校园领袖。', '<h2>校园社群领袖（CCL）</h2><p>CCL 在本校组织学术社群活动，分享学习资源，是项目与学校之间的桥梁。</p>', slSteps('CCL')),
      applicant_role: 'sl',
      eligibility: everyone,
      fees: noFees,
      documents: { passport: false, visa: false },
    },
    [BUILTIN_PROGRAMMES.sbp]: {
      ...base('SBP 学术写作与研究项目', '受邀学生的线上学术训练：按周开放课程内容与任务，可选二、四、六周。', '<h2>SBP 项目介绍</h2><p>SBP 为受邀同学提供线上学术写作与研究训练。课程按周开放，每周有阅读、讨论与写作任务。</p><p>可选择二周、四周或六周，费用随时长不同。</p>', [
        { key: 'basic', title: '报名信息', questions: [grade, { key: 'goal', label: '希望提升的能力', type: 'checkbox', required: true, options: ['学术写作', '研究方法', '批判性思维', '英文表达'] }, motivation()] },
      ]),
      eligibility: { ...everyone, required_tag: SBP_OFFER_TAG },
      fees: {
        ...noFees,
        mode: 'whole',
        fee_fen: 600_000,
        durations: [
          { key: 'w2', label: '二周', weeks: 2, fee_fen: 300_000 },
          { key: 'w4', label: '四周', weeks: 4, fee_fen: 550_000 },
          { key: 'w6', label: '六周', weeks: 6, fee_fen: 780_000 },
        ],
        parent_pay: true,
      },
      documents: { passport: false, visa: false },
      course_html: '<h2>课程安排</h2><p>每周一开放新一周的内容；每周三晚上 19:30 线上小组讨论；每周日 23:59 前提交写作任务。</p>',
      announcement_html: '<h2>公告</h2><p>第一周小组讨论的会议链接已发送至报名手机号，请留意短信。</p>',
      weeks: [1, 2, 3, 4, 5, 6].map((week) => ({
        week,
        title: ['学术写作入门', '提出研究问题', '文献检索与阅读', '研究方法', '论证与写作', '修改与展示'][week - 1]!,
        opens_at: day((week - 1) * 7 - 1),
        content_html: `<h2>第${week}周</h2><p>本周阅读材料与讲解视频见下方任务。请按时完成写作任务，导师会在下周一前给出反馈。</p>`,
        tasks: [`阅读第${week}周材料`, `提交第${week}周写作任务`],
      })),
    },
    [BUILTIN_PROGRAMMES.hxweek]: {
      ...base('H-week / X-week 海外学术周', '一周海外名校学术体验：H-week 人文社科方向，X-week 理工方向。', '<h2>海外学术周</h2><p>H-week（人文社科）与 X-week（理工）带领同学走进海外名校课堂，与教授面对面交流，完成一个小组研究项目。</p><ul><li>名校课堂与讲座</li><li>小组研究与展示</li><li>结业证书</li></ul>', passportSteps),
      ends_on: '2027-08-08',
      eligibility: everyone,
      fees: { ...noFees, mode: 'split', fee_fen: 3_000_000, deposit_fen: 500_000, deposit_due: { kind: 'after_offer', days: 7 }, final_due: { kind: 'after_offer', days: 45 }, parent_pay: true },
      documents: { passport: true, visa: true },
      offer_types: [
        { key: 'hweek', label: 'H-week' },
        { key: 'xweek', label: 'X-week' },
      ],
      course_html: '<h2>课程安排</h2><p>第一天：开营与校园参观；第二至四天：上午课堂、下午小组研究；第五天：成果展示与结业典礼。</p>',
      announcement_html: '<h2>行前须知</h2><p>请在缴纳定金后尽快上传护照信息，并按签证材料清单准备材料。</p>',
    },
    [BUILTIN_PROGRAMMES.deansList]: {
      ...base('院长嘉许名单项目', '面向优秀中学生的海外学术项目：院长嘉许名单成员专享。', '<h2>院长嘉许名单</h2><p>院长嘉许名单项目面向学业表现优秀的中学生，提供海外大学两周学术课程与研究指导。</p>', passportSteps),
      ends_on: '2027-08-20',
      eligibility: { ...everyone, secondary_only: true },
      fees: { ...noFees, mode: 'split', fee_fen: 4_500_000, deposit_fen: 800_000, deposit_due: { kind: 'after_offer', days: 7 }, final_due: { kind: 'after_offer', days: 45 }, parent_pay: true },
      documents: { passport: true, visa: true },
      course_html: '<h2>课程安排</h2><p>两周课程：学术讲座、研讨课与一对一研究指导，最后一天进行研究展示。</p>',
      announcement_html: '<h2>公告</h2><p>请录取同学在截止日前完成定金支付，并上传护照与签证材料。</p>',
    },
  };
}

export interface DemoProgrammeStudents {
  /** Admitted to H-week (offer type hweek), nothing paid. */
  hxweek: number | null;
  /** Admitted to the Dean's List. */
  deansList: number | null;
}

const ADMITTED_ANSWERS = {
  basic: { grade: '高二', english: '托福/雅思成绩', motivation: '希望在海外课堂里体验研究式学习，和不同背景的同学合作完成项目。' },
  materials: {},
};

/** Inserts the programmes that are missing, then the admitted demo applications. */
export async function seedDemoProgrammes(tx: Db, options: { adminId: number; now: Date; students: DemoProgrammeStudents }): Promise<void> {
  const { now, adminId } = options;
  const definitions = demoProgrammeDefinitions(now);
  for (const [code, definition] of Object.entries(definitions)) {
    await tx.insert(programmes).values({ code, definition: programmeDefinitionSchema.parse(definition), createdAt: now, updatedAt: now, updatedBy: adminId }).onConflictDoNothing();
  }
  const admit = async (code: string, accountId: number | null, offerType: string | null) => {
    if (accountId === null) return;
    const [programme] = await tx.select({ id: programmes.id }).from(programmes).where(eq(programmes.code, code));
    if (!programme) return;
    const [exists] = await tx.select({ id: programmeApplications.id }).from(programmeApplications).where(and(eq(programmeApplications.programmeId, programme.id), eq(programmeApplications.accountId, accountId)));
    if (exists) return;
    const at = new Date(now.getTime() - 3 * DAY_MS);
    await tx.insert(programmeApplications).values({
      programmeId: programme.id,
      accountId,
      answers: ADMITTED_ANSWERS,
      submittedSteps: ['basic', 'materials'],
      submittedAt: new Date(at.getTime() - 7 * DAY_MS),
      decision: 'admit',
      offerType,
      decidedBy: adminId,
      decidedAt: at,
      releasedAt: at,
      releasedBy: adminId,
      createdAt: new Date(at.getTime() - 8 * DAY_MS),
      updatedAt: at,
    });
  };
  await admit(BUILTIN_PROGRAMMES.hxweek, options.students.hxweek, 'hweek');
  await admit(BUILTIN_PROGRAMMES.deansList, options.students.deansList, null);
}

