// Renders the detail view to HTML (no DOM needed) with a realistic answer, so a component that throws while
// rendering, or a renamed button the browser journey clicks, fails here first.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// The app's own antd root (theme, zh_CN, no space inserted into two-character button labels).
import AntdRoot from '../../../components/antd/antd-root.tsx';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { adminApplicationDetailSchema, type AdminApplicationDetail } from '@summit/domain/api/admissions';
import { applicationSummary } from '@summit/domain/application';
import { DetailBody, initialDecisionValues } from './application-drawer.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

const at = '2026-11-01T08:00:00.000Z';
function detail(over: Partial<AdminApplicationDetail> = {}): AdminApplicationDetail {
  const step1 = { legal_name: '张小明', session_preference: '第一期', track_preference: '理工科学' };
  return adminApplicationDetailSchema.parse({
    user_id: 7,
    stage: 'submitted',
    profile: { name: '张小明', phone: '13800138000', email: null, school_name: '北京市第四中学', area: '中国 / 北京市' },
    application: { summary: applicationSummary(step1, {}), step1, step2: {}, batch: 'EB1', consent_version: '2026-11-v1', consent_at: at },
    journey: { activated_at: at, info_completed_at: at, step1_submitted_at: at, apply_paid_at: at, step2_submitted_at: at, offer_letter: null, offer_created_at: null, tuition_paid_at: null },
    decision: null,
    financial_aid: { status: 'granted', granted_fen: 500_000, value: {}, decided_by: 1, decided_at: at, created_at: at },
    payments: [{ order_no: 'SM20261101abc', purpose: 'apply_fee', amount_fen: 50_000, currency: 'CNY', status: 'paid', provider: 'WX', channel: 'wechat_scan', payer: 'student', created_at: at, paid_at: at }],
    audit: [{ id: 1, action: 'financial_aid.decide', actor_id: 1, actor_name: '管理员', before: { status: 'pending', granted_fen: 0 }, after: { status: 'granted', granted_fen: 500_000 }, created_at: at }],
    school_recommendation: null,
    ...over,
  });
}

const render = (d: AdminApplicationDetail) =>
  renderToString(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(AntdRoot, null, createElement(DetailBody, { d }))));

describe('application detail view', () => {
  it("a new decision starts as an offer for the student's own session and track preferences", () => {
    expect(initialDecisionValues({ session_preference: '第二期', track_preference: '商业经济' })).toEqual({ decision: 'offer', place_name: '第二期', professional_track: '商业经济' });
    expect(initialDecisionValues({ session_preference: '第九期', track_preference: 3 })).toEqual({ decision: 'offer' });
    // Prefilled into the rendered form.
    expect(render(detail())).toContain('title="第一期"');
  });

  it('renders the decision form with its stable labels, the summary, payments, aid and audit history', () => {
    const html = render(detail());
    for (const text of ['>录取<', '>拒绝<', '>候补<', '会场/期次', '专业方向', '>保存草稿<', '>发布<', '基本信息', '张小明', '¥500.00', '¥5,000.00', '已批准', '管理员', '2026-11-01 16:00']) {
      expect(html, text).toContain(text);
    }
    expect(html).not.toContain('删除草稿');
    expect(html).not.toContain('撤回');
  });

  it('a released offer offers 撤回 and says it cannot be edited', () => {
    const html = render(
      detail({
        stage: 'released',
        decision: { decision: 'offer', place_name: '第一期', professional_track: '理工科学', note: null, decided_by: 1, decided_at: at, released_at: at, released_by: 1, letter_no: 'SUMMIT-2026-000007' },
      }),
    );
    expect(html).toContain('>撤回<');
    expect(html).toContain('已发布的录取结果不能修改，请先撤回');
    expect(html).toContain('SUMMIT-2026-000007');
  });

  it('a draft offers 删除草稿; before step 2 the form explains why it is closed', () => {
    expect(render(detail({ stage: 'decided', decision: { decision: 'waitlist', place_name: null, professional_track: null, note: '候补名单前列', decided_by: 1, decided_at: at, released_at: null, released_by: null, letter_no: null } }))).toContain('删除草稿');
    const early = detail({ stage: 'paid', journey: { ...detail().journey, step2_submitted_at: null } });
    expect(render(early)).toContain('该学生尚未提交第二步申请材料');
  });

  it('shows the school recommendation read-only, or that there is none', () => {
    expect(render(detail())).toContain('学校未推荐');
    const html = render(
      detail({ school_recommendation: { programme_year: 2027, comment: '品学兼优，推荐录取', recommended_by_name: '招生办', created_at: at, updated_at: at, school_name: '北京市第四中学' } }),
    );
    for (const text of ['学校推荐', '品学兼优，推荐录取', '北京市第四中学', '招生办', '2027 年度']) expect(html, text).toContain(text);
  });
});
