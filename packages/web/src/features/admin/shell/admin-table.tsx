import { useState, type Key, type MouseEvent, type ReactNode } from 'react';
import { Checkbox, Pagination, Spin, Table } from 'antd';
import type { TableColumnType, TableProps } from 'antd';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { cardFieldsOf, pageOf, rowKeyOf } from './admin-table-model.ts';

/**
 * The admin console's tables. On a computer an antd Table; on a phone, where an eight-column table would
 * mean scrolling sideways through every row, each row is a card of 「label: value」 lines with the same
 * columns, the same row click, selection and paging (decision 031).
 */
export function AdminTable<T extends object>(props: TableProps<T>) {
  const isPhone = useIsPhone();
  if (!isPhone) return <Table<T> {...props} />;
  return <AdminCardList<T> {...props} />;
}

function AdminCardList<T extends object>({ columns = [], dataSource = [], rowKey, loading, pagination, rowSelection, onRow, locale }: TableProps<T>) {
  const selected = new Set<Key>(rowSelection?.selectedRowKeys ?? []);
  const toggle = (key: Key, checked: boolean) => {
    const next = checked ? [...selected, key] : [...selected].filter((k) => k !== key);
    const rows = dataSource.filter((r, i) => next.includes(rowKeyOf(r, i, rowKey)));
    rowSelection?.onChange?.(next, rows, { type: 'single' });
  };
  // Server-paged tables pass `current` and `total`; the others page their rows here, as antd's Table would.
  const [localPage, setLocalPage] = useState(1);
  const paging = pagination || null;
  const serverPaged = paging?.current !== undefined;
  const pageSize = paging?.pageSize ?? 10;
  const current = serverPaged ? (paging?.current ?? 1) : localPage;
  const total = serverPaged ? (paging?.total ?? dataSource.length) : dataSource.length;
  const rows = paging && !serverPaged ? pageOf(dataSource, localPage, pageSize) : dataSource;
  const spinning = typeof loading === 'boolean' ? loading : Boolean(loading?.spinning);
  const emptyText = locale?.emptyText;
  const empty: ReactNode = typeof emptyText === 'function' ? emptyText() : (emptyText ?? '暂无数据');

  return (
    <Spin spinning={spinning}>
      <ul className="admin-cards" aria-label="列表">
        {rows.length === 0 ? <li className="admin-cards__empty">{empty}</li> : null}
        {rows.map((record, index) => {
          const key = rowKeyOf(record, index, rowKey);
          const [head, ...lines] = cardFieldsOf(columns as TableColumnType<T>[], record, index);
          const rowProps = onRow?.(record, index);
          const checkbox = rowSelection?.getCheckboxProps?.(record) ?? {};
          const clickable = Boolean(rowProps?.onClick);
          return (
            <li
              key={key}
              className={clickable ? 'admin-card-row admin-card-row--clickable' : 'admin-card-row'}
              onClick={rowProps?.onClick as ((e: MouseEvent<HTMLLIElement>) => void) | undefined}
            >
              <div className="admin-card-row__head">
                {rowSelection ? (
                  // The box selects; the rest of the card does what a row click does.
                  <span className="admin-card-row__select" onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      checked={selected.has(key)}
                      disabled={checkbox.disabled ?? false}
                      aria-label={(checkbox as { 'aria-label'?: string })['aria-label'] ?? '选择'}
                      onChange={(e) => toggle(key, e.target.checked)}
                    />
                  </span>
                ) : null}
                <div className="admin-card-row__title">{head?.value}</div>
              </div>
              <dl className="admin-card-row__fields">
                {lines.map((line) => (
                  <div key={line.key} className="admin-card-row__field">
                    <dt>{line.label}</dt>
                    <dd>{line.value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
      {paging && total > pageSize ? (
        <Pagination
          className="admin-cards__pager"
          simple
          current={current}
          pageSize={pageSize}
          total={total}
          showSizeChanger={false}
          onChange={(page, size) => (serverPaged ? paging.onChange?.(page, size) : setLocalPage(page))}
        />
      ) : null}
    </Spin>
  );
}
