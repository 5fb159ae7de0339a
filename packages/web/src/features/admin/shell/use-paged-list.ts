import { useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';

/** Rows per page of the server-paged admin lists. */
export const ADMIN_PAGE_SIZE = 20;

export type Paged<Q> = Q & { page: number; page_size: number };

/**
 * A server-paged admin list: the page number, the query (the list's filter and sort plus page and page_size),
 * the list itself (the previous page stays on screen while the next loads) and the table's pagination.
 * A filter change should go back to page 1: the tab calls setPage(1) where it changes its filter.
 */
export function usePagedList<Q extends object, R extends { total: number }>({
  filter,
  queryKey,
  fetch,
  pageSize = ADMIN_PAGE_SIZE,
}: {
  filter: Q;
  queryKey: (query: Paged<Q>) => QueryKey;
  fetch: (query: Paged<Q>, signal: AbortSignal) => Promise<R>;
  pageSize?: number;
}) {
  const [page, setPage] = useState(1);
  const query: Paged<Q> = { ...filter, page, page_size: pageSize };
  const list = useQuery({ queryKey: queryKey(query), queryFn: ({ signal }) => fetch(query, signal), placeholderData: keepPreviousData });
  const pagination = { current: page, pageSize, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false };
  return { page, setPage, query, list, pagination };
}
