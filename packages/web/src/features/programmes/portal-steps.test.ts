import { describe, expect, it } from 'vitest';
import type { ProgrammePortal } from '@summit/domain/api/programme-portal';
import { MSG } from '@summit/domain/messages';
import { portalHubPathOf, portalLinksFor } from './portal-links.ts';
import { portalSteps } from './portal-steps.ts';
import { sixMonthsRule } from './passport-page.tsx';

const at = '2026-07-01T00:00:00.000Z';

function portal(over: Partial<ProgrammePortal> = {}): ProgrammePortal {
  return {
    code: 'hxweek',
    name: 'H-week',
    state: 'admitted',
    offer: { decision: 'admit', offer_type: 'hweek', offer_label: 'H-week', released_at: at },
    gates: { offer: null, deposit: MSG.DEPOSIT_REQUIRED },
    fees: { mode: 'split', durations: [], duration_key: null, fee_fen: 2_000_000, paid_fen: 0, parent_pay: false },
    installments: [
      { kind: 'deposit', label: '定金', amount_fen: 500_000, due_at: at, status: 'unpaid', paid_at: null, payable: true },
      { kind: 'final', label: '尾款', amount_fen: 1_500_000, due_at: at, status: 'unpaid', paid_at: null, payable: false },
    ],
    next_kind: 'deposit',
    documents: { passport: true, visa: true },
    passport_saved: false,
    visa_status: null,
    weeks: [],
    has_course: true,
    has_announcement: false,
    ...over,
  };
}

describe('portal pages: which programme a path serves', () => {
  it('reads the programme from the first segment, parents’ links included', () => {
    expect(portalLinksFor('/hx-week/pay').code).toBe('hxweek');
    expect(portalLinksFor('/hxweek/passport').code).toBe('hxweek');
    expect(portalLinksFor('/deans-list/visa').code).toBe('deans-list');
    expect(portalLinksFor('/deans-list').hub).toBe('/deans-list');
    expect(portalLinksFor('/sbp/week/2').code).toBe('sbp');
    expect(portalLinksFor('/pay/sbp-parent/abc').code).toBe('sbp');
    expect(portalLinksFor('/pay/deans-list-parent/abc').code).toBe('deans-list');
    expect(portalLinksFor('/hx-week/pay').apply).toBe('/h-week/apply');
  });

  it('serves a programme an admin added under /programmes/{code}, and names each built-in programme’s hub', () => {
    const links = portalLinksFor('/programmes/summer-lab/passport');
    expect(links.code).toBe('summer-lab');
    expect(links.hub).toBe('/programmes/summer-lab');
    expect(links.apply).toBe('/summer-lab/apply');
    expect(links.week?.(2)).toBe('/programmes/summer-lab/week/2');
    expect(portalHubPathOf('summer-lab')).toBe('/programmes/summer-lab');
    expect(portalHubPathOf('hxweek')).toBe('/hx-week/pay');
    expect(portalHubPathOf('sbp')).toBe('/sbp/manage');
    expect(portalHubPathOf('deans-list')).toBe('/deans-list');
    expect(portalHubPathOf('volunteer')).toBeNull();
  });
});

describe('portal checklist', () => {
  it('before the deposit: 定金 to pay, the rest locked without links', () => {
    const steps = portalSteps(portal(), portalLinksFor('/hx-week/pay'));
    expect(steps.map((s) => s.key)).toEqual(['pay', 'passport', 'visa', 'final', 'course']);
    expect(steps[0]).toMatchObject({ label: '定金', status: '待支付', tone: 'todo', to: '/hx-week/pay' });
    for (const key of ['passport', 'visa', 'course']) expect(steps.find((s) => s.key === key)).toMatchObject({ tone: 'locked', to: null });
    expect(steps.find((s) => s.key === 'final')).toMatchObject({ tone: 'locked', to: '/hxweek/final-payment' });
  });

  it('after the deposit: passport, visa and course open, each with its status', () => {
    const steps = portalSteps(
      portal({
        gates: { offer: null, deposit: null },
        installments: [
          { kind: 'deposit', label: '定金', amount_fen: 500_000, due_at: at, status: 'paid', paid_at: at, payable: false },
          { kind: 'final', label: '尾款', amount_fen: 1_500_000, due_at: at, status: 'overdue', paid_at: null, payable: true },
        ],
        passport_saved: true,
        visa_status: 'rejected',
      }),
      portalLinksFor('/deans-list'),
    );
    expect(steps.find((s) => s.key === 'pay')).toMatchObject({ tone: 'done', status: '已支付' });
    expect(steps.find((s) => s.key === 'passport')).toMatchObject({ tone: 'done', to: '/deans-list/passport' });
    expect(steps.find((s) => s.key === 'visa')).toMatchObject({ tone: 'warn', status: '需补充材料' });
    expect(steps.find((s) => s.key === 'final')).toMatchObject({ tone: 'warn', status: '已逾期' });
    expect(steps.find((s) => s.key === 'course')).toMatchObject({ tone: 'done', to: '/deans-list/courses' });
  });

  it('SBP: the duration first, then the fee, the weeks and the announcement', () => {
    const steps = portalSteps(
      portal({
        code: 'sbp',
        fees: { mode: 'whole', durations: [{ key: 'w4', label: '四周', weeks: 4, fee_fen: 800_000 }], duration_key: null, fee_fen: 0, paid_fen: 0, parent_pay: true },
        installments: [{ kind: 'whole', label: '全款', amount_fen: 800_000, due_at: at, status: 'unpaid', paid_at: null, payable: false }],
        documents: { passport: false, visa: false },
        weeks: [
          { week: 1, title: '第一周', opens_at: at, open: false },
          { week: 2, title: '第二周', opens_at: at, open: false },
        ],
        has_announcement: true,
      }),
      portalLinksFor('/sbp/manage'),
    );
    expect(steps.map((s) => s.key)).toEqual(['duration', 'pay', 'weeks', 'announcement']);
    expect(steps[0]).toMatchObject({ status: '未选择', to: '/sbp/course-duration' });
    expect(steps[1]).toMatchObject({ label: '缴费' });
    expect(steps[2]).toMatchObject({ tone: 'locked', to: null });
  });
});

describe('passport expiry rule in words', () => {
  it('names the earliest acceptable date', () => {
    expect(sixMonthsRule('2026-08-15')).toContain('2027年2月15日');
    expect(sixMonthsRule(null)).toBe('护照有效期须在项目结束后至少六个月。');
  });
});
