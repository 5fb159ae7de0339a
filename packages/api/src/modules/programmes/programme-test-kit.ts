/** Test fixtures for the programme modules: a programme row with a small valid definition, and an admitted application. */
import type { ProgrammeDefinition } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { programmeApplications, programmes } from '../../db/schema-programmes.ts';

export function sampleDefinition(overrides: Partial<ProgrammeDefinition> = {}): ProgrammeDefinition {
  return {
    name: '测试项目',
    summary: '一个用于测试的项目',
    applicant_role: 'student',
    status: 'open',
    apply_opens_at: null,
    apply_closes_at: null,
    ends_on: '2027-08-15',
    eligibility: { active_types: [], secondary_only: false, early_batch_only: false, required_tag: null, hidden_on_amc: false },
    steps: [
      {
        key: 'basic',
        title: '基本信息',
        questions: [
          { key: 'motivation', label: '申请理由', type: 'textarea', required: true, max_length: 500 },
          { key: 'grade', label: '年级', type: 'select', required: true, options: ['高一', '高二', '高三'] },
        ],
      },
      { key: 'materials', title: '材料上传', questions: [{ key: 'transcript', label: '成绩单', type: 'upload', required: true, upload_role: 'student' }] },
    ],
    fees: {
      apply_fee_fen: 0,
      mode: 'split',
      fee_fen: 2_000_000,
      deposit_fen: 500_000,
      whole_due: { kind: 'after_offer', days: 14 },
      deposit_due: { kind: 'after_offer', days: 7 },
      final_due: { kind: 'after_offer', days: 30 },
      durations: [],
      parent_pay: true,
    },
    documents: { passport: true, visa: true },
    offer_types: [],
    intro_html: '<p>项目介绍</p>',
    course_html: '<p>课程安排</p>',
    announcement_html: '<p>公告</p>',
    weeks: [],
    ...overrides,
  };
}

export async function insertProgramme(db: Db, code: string, overrides: Partial<ProgrammeDefinition> = {}): Promise<number> {
  const [row] = await db.insert(programmes).values({ code, definition: sampleDefinition(overrides) }).returning({ id: programmes.id });
  return row!.id;
}

/** An application with every step submitted and a released decision (admit unless told otherwise). */
export async function insertDecidedApplication(
  db: Db,
  programmeId: number,
  accountId: number,
  opts: { decision?: 'admit' | 'reject' | 'waitlist'; offerType?: string | null; released?: boolean; at?: Date } = {},
): Promise<number> {
  const at = opts.at ?? new Date();
  const [row] = await db
    .insert(programmeApplications)
    .values({
      programmeId,
      accountId,
      answers: {},
      submittedSteps: ['basic', 'materials'],
      submittedAt: at,
      decision: opts.decision ?? 'admit',
      offerType: opts.offerType ?? null,
      decidedAt: at,
      releasedAt: opts.released === false ? null : at,
    })
    .returning({ id: programmeApplications.id });
  return row!.id;
}
