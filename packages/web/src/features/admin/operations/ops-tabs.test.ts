// Renders 学院杯 and 操作日志 with data already in the query cache: a tab that throws while rendering, or a label
// the browser journey relies on, fails here without a browser.
import { describe, expect, it } from 'vitest';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import AntdRoot from '../../../components/antd/antd-root.tsx';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { AuditPage } from '@summit/domain/api/audit';
import type { HouseRecord } from '@summit/domain/api/courses';
import type { HouseCupLeaderboard, HouseCupLedger } from '@summit/domain/api/house-cup';
import { OPS_KEYS } from './ops-api.ts';
import { STRUCTURE_KEYS } from '../courses/structure-api.ts';
import HouseCupTab from './house-cup-tab.tsx';
import AuditTab, { AuditDiffTable } from './audit-tab.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

const at = '2026-07-20T02:00:00.000Z';

function render(component: ComponentType, seed: (qc: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seed(client);
  return renderToString(createElement(QueryClientProvider, { client }, createElement(AntdRoot, null, createElement(component))));
}

describe('operations tabs', () => {
  it('学院杯: the form, the board with ranks and the ledger with 冲正 only on live entries', () => {
    const houses: HouseRecord[] = [{ id: 1, code: 'a', name: '青龙', english_name: 'Azure', colour: '#123456', motto: '', sort: 1, students: 3 }];
    const board: HouseCupLeaderboard = { houses: [{ house_id: 1, code: 'a', name: '青龙', english_name: 'Azure', colour: '#123456', points: 15, rank: 1 }], updated_at: at };
    const ledger: HouseCupLedger = {
      page: 1,
      page_size: 20,
      total: 2,
      items: [
        { id: 2, house: { id: 1, code: 'a', name: '青龙', colour: '#123456' }, venue: null, points: -5, reason: '记错了', giver: { id: 9, name: '周教务' }, created_at: at, reverses_id: 1, reversed_by_id: null },
        { id: 1, house: { id: 1, code: 'a', name: '青龙', colour: '#123456' }, venue: { id: 3, name: '北京会场' }, points: 5, reason: '辩论赛', giver: { id: 9, name: '周教务' }, created_at: at, reverses_id: null, reversed_by_id: 2 },
      ],
    };
    const html = render(HouseCupTab, (qc) => {
      qc.setQueryData(STRUCTURE_KEYS.houses, houses);
      qc.setQueryData(STRUCTURE_KEYS.venues, []);
      qc.setQueryData(OPS_KEYS.leaderboard, board);
      qc.setQueryData([...OPS_KEYS.ledger, { page: 1, page_size: 20 }], ledger);
    });
    for (const text of ['加分 / 扣分', '积分榜', '流水', '第 1 名', '15 分', '冲正 #1', '已冲正（#2）', '辩论赛', '北京会场', '周教务', '2026-07-20 10:00']) expect(html, text).toContain(text);
    // Both entries are settled: neither offers another reversal.
    expect(html).not.toContain('>冲正<');
  });

  it('操作日志: the filters and each row with object, action, actor and Beijing time', () => {
    const page: AuditPage = {
      page: 1,
      page_size: 20,
      total: 1,
      items: [{ id: 5, actor_id: 9, actor: { id: 9, name: '周教务', role: 'teacher', teacher_type: 9, is_admin: true }, action: 'venue.update', entity: 'venue', entity_id: '3', before: { capacity: 300 }, after: { capacity: 280 }, created_at: at }],
    };
    const html = render(AuditTab, (qc) => {
      qc.setQueryData([...OPS_KEYS.audit, { page: 1, page_size: 20 }], page);
      qc.setQueryData(OPS_KEYS.auditEntities, [{ entity: 'venue', label: '会场', count: 1 }]);
    });
    for (const text of ['操作日志', '只读', '操作人', '对象类型', '对象编号', '开始时间', '结束时间', '会场 #3', '修改会场', 'venue.update', '周教务（管理员 #9）', '2026-07-20 10:00', '共 1 条', '查看变更']) expect(html, text).toContain(text);
  });

  it('the diff table marks what changed', () => {
    const html = renderToString(createElement(AuditDiffTable, { before: { capacity: 300, name: '上海' }, after: { capacity: 280, name: '上海' } }));
    expect(html).toMatch(/ops-diff--changed.*capacity.*300.*280/s);
    expect(html).toMatch(/ops-diff--same.*name/s);
    expect(renderToString(createElement(AuditDiffTable, { before: null, after: null }))).toContain('没有保存变更前后的内容');
  });
});
