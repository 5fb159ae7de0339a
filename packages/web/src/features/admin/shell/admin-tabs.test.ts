// Renders each tab to HTML with data already in the query cache: a tab that throws while rendering, or a label
// the browser journey relies on, fails here without a browser.
import { describe, expect, it } from 'vitest';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// The app's own antd root (theme, zh_CN, no space inserted into two-character button labels).
import AntdRoot from '../../../components/antd/antd-root.tsx';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { AdminAidList, AdminApplicationList } from '@summit/domain/api/admissions';
import type { DeadlinesData } from '@summit/domain/api/application';
import type { FeeSettings } from '@summit/domain/api/payments';
import { ADMIN_KEYS } from './admin-api.ts';
import ApplicationsTab from '../admissions/applications-tab.tsx';
import FinancialAidTab from '../admissions/financial-aid-tab.tsx';
import SettingsTab from '../money/settings-tab.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

const at = '2026-11-01T08:00:00.000Z';

function render(component: ComponentType, seed: (qc: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seed(client);
  return renderToString(createElement(QueryClientProvider, { client }, createElement(AntdRoot, null, createElement(component))));
}

describe('admin tabs', () => {
  it('申请管理: filters, 批量发布 and the rows', () => {
    const list: AdminApplicationList = {
      page: 1,
      page_size: 20,
      total: 1,
      items: [
        { user_id: 7, name: '张小明', phone: '13800138000', school_name: '北京市第四中学', province: '北京市', batch: 'EB1', stage: 'decided', step1_submitted_at: at, step2_submitted_at: at, apply_paid_at: at, decision: { decision: 'offer', released: false }, tuition_paid_at: null },
      ],
    };
    const html = render(ApplicationsTab, (qc) => {
      qc.setQueryData([...ADMIN_KEYS.applications, { page: 1, page_size: 20 }], list);
      qc.setQueryData(ADMIN_KEYS.provinces, [{ id: 110000, name: '北京市', aliases: [] }]);
    });
    for (const text of ['批次', '阶段', '省份', '批量发布', '张小明', '北京市第四中学', '提前批I', '草稿待发布', '录取（草稿）', '共 1 条']) expect(html, text).toContain(text);
  });

  it('助学金: amounts in yuan with 批准 and 拒绝', () => {
    const aid: AdminAidList = {
      page: 1,
      page_size: 20,
      total: 1,
      items: [{ user_id: 8, name: '李华', phone: '13900139000', school_name: '上海中学', value: { family_members: 4, annual_income: '<5万', reason: '家庭困难' }, status: 'pending', granted_fen: 0, decided_at: null, created_at: at, tuition_fen: 1_680_000, tuition_paid: false }],
    };
    const html = render(FinancialAidTab, (qc) => qc.setQueryData([...ADMIN_KEYS.aid, 'pending', 1], aid));
    for (const text of ['李华', '¥16,800.00', '待审核', '>批准<', '>拒绝<', '家庭人口 4；年收入 5万元以下；家庭困难']) expect(html, text).toContain(text);
  });

  it('费用与截止日期: both forms with the deadline labels', () => {
    const fees: FeeSettings = { apply_fen: 50_000, tuition_fen: 1_680_000, currency: 'CNY', updated_at: null, updated_by: null };
    const deadlines: DeadlinesData = { items: [{ key: 'EB1', deadline: '2027-01-15T15:59:59.000Z' }, { key: 'EB2', deadline: '2027-03-01T15:59:59.000Z' }, { key: 'RD', deadline: '2027-04-30T15:59:59.000Z' }, { key: 'MRD', deadline: '2027-05-15T15:59:59.000Z' }] };
    const html = render(SettingsTab, (qc) => {
      qc.setQueryData(ADMIN_KEYS.fees, fees);
      qc.setQueryData(ADMIN_KEYS.deadlines, deadlines);
    });
    for (const text of ['申请费（元）', '学费（元）', '保存费用', '提前批I截止', '提前批II截止', '常规批截止', '材料截止', '保存截止日期']) expect(html, text).toContain(text);
  });
});
