import { describe, expect, it } from 'vitest';
import type { TableColumnType } from 'antd';
import { cardFieldsOf, pageOf, rowKeyOf } from './admin-table-model.ts';

interface Row {
  id: number;
  name: string;
  school: { name: string } | null;
}

const columns: TableColumnType<Row>[] = [
  { title: '姓名', dataIndex: 'name', key: 'name', render: (v: string) => v || '未填写' },
  { title: '学校', dataIndex: ['school', 'name'], key: 'school' },
  { title: '编号', key: 'id', render: (_: unknown, r: Row) => `#${r.id}` },
  { title: '隐藏', key: 'hidden', hidden: true },
];

describe('cardFieldsOf', () => {
  it('draws each visible column as the table would: title and rendered cell, first column as the heading', () => {
    const fields = cardFieldsOf(columns, { id: 7, name: '', school: { name: '北京四中' } }, 0);
    expect(fields).toEqual([
      { key: 'name', label: '姓名', value: '未填写' },
      { key: 'school', label: '学校', value: '北京四中' },
      { key: 'id', label: '编号', value: '#7' },
    ]);
  });

  it('shows a dash for a missing value', () => {
    expect(cardFieldsOf(columns, { id: 1, name: '张三', school: null }, 0)[1]?.value).toBe('—');
  });
});

describe('rowKeyOf and pageOf', () => {
  it('uses the rowKey field or function like antd', () => {
    const row = { id: 3, name: 'a', school: null };
    expect(rowKeyOf(row, 0, 'id')).toBe(3);
    expect(rowKeyOf(row, 5, (r) => `k${r.id}`)).toBe('k3');
    expect(rowKeyOf(row, 5, undefined)).toBe(5);
  });

  it('pages rows locally', () => {
    const rows = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(rows, 1, 50)).toHaveLength(50);
    expect(pageOf(rows, 3, 50)).toEqual(rows.slice(100));
    expect(pageOf(rows, 0, 50)[0]).toBe(0);
  });
});
