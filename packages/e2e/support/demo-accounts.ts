// Seeded by the api on first start (SEED_DEMO=true); README's demo account table lists the same.
export const DEMO_PASSWORD = 'Summit2026!';

export const DEMO = {
  admin: '13800000001',
  teacher: '13800000002',
  teacher2: '13800000003',
  /** Teacher type 3 (CSL), no house until an admin sets one. */
  csl: '13800000004',
  /** Teacher type 4 (工作人员, 运营老师): the operations tabs of the console (decision 063). */
  staff: '13800000005',
  school: '13800000010',
  studentLeader: '13800000020',
  /** A second SL, so the desktop and phone browser projects each fill the SL and CCL forms themselves. */
  studentLeader2: '13800000021',
  /** Registered, info not yet completed. */
  newStudent: '13900000001',
  /** Info complete, not yet applied. */
  student: '13900000002',
  /** A volunteer (active_type 4) with time-sheet entries (decision 065). */
  volunteer: '13900000008',
  /** Other programmes (decisions 075, 076): an SSI student (active_type 3). */
  ssiStudent: '13900000011',
  /** A trainee (active_type 8): may apply as a volunteer. */
  trainee: '13900000012',
  /** Carries the sbp-offer tag: may apply to SBP. */
  sbpStudent: '13900000013',
  /** Admitted to H-week (offer type hweek), nothing paid. */
  hxweekStudent: '13900000014',
  /** Admitted to the Dean's List, nothing paid. */
  deansListStudent: '13900000015',
} as const;
