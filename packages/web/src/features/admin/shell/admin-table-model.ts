import type { Key, ReactNode } from 'react';
import type { TableColumnType, TableProps } from 'antd';

export interface CardField {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

function valueAt(record: object, dataIndex: unknown): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = record;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[String(part)];
  }
  return value;
}

/**
 * A table row as the lines of a card: each column's title and what the table would draw in its cell (the
 * column's render, else the raw value). The first column is the card's heading.
 */
export function cardFieldsOf<T extends object>(columns: readonly TableColumnType<T>[], record: T, index: number): CardField[] {
  return columns
    .filter((column) => !column.hidden)
    .map((column, i) => {
      const raw = valueAt(record, column.dataIndex);
      const rendered: unknown = column.render ? column.render(raw, record, index) : raw;
      // A render may return { children, props } (antd's cell-merging form): the card shows the children.
      const value = rendered !== null && typeof rendered === 'object' && 'children' in rendered && !('$$typeof' in rendered) ? (rendered as { children: ReactNode }).children : (rendered as ReactNode);
      const title = typeof column.title === 'function' ? null : column.title;
      return { key: String(column.key ?? (typeof column.dataIndex === 'string' ? column.dataIndex : i)), label: title ?? null, value: value ?? '—' };
    });
}

/** The row key the antd Table would use for `record`. */
export function rowKeyOf<T extends object>(record: T, index: number, rowKey: TableProps<T>['rowKey']): Key {
  if (typeof rowKey === 'function') return rowKey(record, index);
  const value = (record as Record<string, unknown>)[String(rowKey ?? 'key')];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? (value as Key) : index;
}

/** The slice of rows on `page` when the card list pages locally (the table's own paging, no server paging). */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const start = (Math.max(1, page) - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}
