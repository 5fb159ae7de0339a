import '../shell/ops.css';
import { useState } from 'react';
import { Button, Select, Space } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { Link } from 'react-router';
import { OPS_COURSE_SORTS, type OpsCourseQuery, type OpsCourseRow, type OpsCourseSort } from '@summit/domain/api/operations';
import { SESSION_NAMES } from '@summit/domain/programme-terms';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { adminCourseDetailPath } from '../../../lib/paths.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { OpsFilterBar, formatGrade, formatRate, type OpsFilterValue } from './ops-filter-bar.tsx';
import { OPS_VIEW_KEYS, downloadList, fetchCoursesOverview } from './ops-views-api.ts';
import { usePagedList } from '../shell/use-paged-list.ts';

const SORT_LABELS: Record<OpsCourseSort, string> = { code: '课程代码', enrolled: '已选人数', fill_rate: '满额率', waitlist: '候补人数', attendance_rate: '出勤率', average_grade: '平均成绩' };

/** 课程概览: per course and period, seats, waitlist, attendance and grades, sorted on the server; each links to its tabs. */
export function CoursesOverview() {
  const [filter, setFilter] = useState<OpsFilterValue>({});
  const [sort, setSort] = useState<{ sort: OpsCourseSort; order: 'asc' | 'desc' }>({ sort: 'code', order: 'asc' });
  const { setPage, query, list, pagination } = usePagedList({ filter: { ...filter, ...sort }, queryKey: OPS_VIEW_KEYS.courses, fetch: (query: OpsCourseQuery, signal) => fetchCoursesOverview(query, { signal }) });

  const sortOrderOf = (key: OpsCourseSort): SortOrder => (sort.sort === key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);
  const sortable = (key: OpsCourseSort) => ({ sorter: true, sortOrder: sortOrderOf(key), sortDirections: ['descend', 'ascend'] as SortOrder[] });

  let body;
  if (list.isPending) body = <LoadingState rows={6} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else
    body = (
      <AdminTable<OpsCourseRow>
        rowKey="course_id"
        loading={list.isFetching}
        dataSource={list.data.items}
        locale={{ emptyText: '没有符合条件的课程' }}
        pagination={pagination}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = s?.columnKey as OpsCourseSort | undefined;
          if (!key || !s?.order) setSort({ sort: 'code', order: 'asc' });
          else setSort({ sort: key, order: s.order === 'ascend' ? 'asc' : 'desc' });
          setPage(1);
        }}
        columns={[
          { title: '课程', key: 'code', ...sortable('code'), render: (_v, c) => `${c.code} ${c.title}` },
          { title: '期次', key: 'session', render: (_v, c) => `${SESSION_NAMES[c.session_key]} · 时段${c.period}` },
          { title: '会场', key: 'venue', render: (_v, c) => c.venue ?? '全部会场' },
          { title: '已选/容量', key: 'enrolled', ...sortable('enrolled'), render: (_v, c) => `${c.enrolled}/${c.capacity}` },
          { title: '满额率', key: 'fill_rate', ...sortable('fill_rate'), render: (_v, c) => formatRate(c.fill_rate) },
          { title: '候补', key: 'waitlist', ...sortable('waitlist'), render: (_v, c) => c.waitlist },
          { title: '出勤率', key: 'attendance_rate', ...sortable('attendance_rate'), render: (_v, c) => (c.closed_signs ? `${formatRate(c.attendance_rate)}（${c.closed_signs} 次）` : '未签到') },
          { title: '平均成绩', key: 'average_grade', ...sortable('average_grade'), render: (_v, c) => (c.graded ? `${formatGrade(c.average_grade)}（${c.graded} 人）` : '—') },
          {
            title: '查看',
            key: 'links',
            render: (_v, c) => (
              <Space wrap size={4}>
                <Link to={adminCourseDetailPath(c.course_id, c.period, 'students')}>名单</Link>
                <Link to={adminCourseDetailPath(c.course_id, c.period, 'grades')} aria-label={`${c.title}的成绩`}>成绩</Link>
                <Link to={adminCourseDetailPath(c.course_id, c.period, 'signs')} aria-label={`${c.title}的出勤`}>出勤</Link>
              </Space>
            ),
          },
        ]}
      />
    );

  return (
    <section className="admin-card" aria-label="课程概览">
      <div className="ops-head">
        <h2>课程概览</h2>
        <Space wrap>
          <Select
            aria-label="排序"
            className="ops-select"
            value={`${sort.sort}:${sort.order}`}
            onChange={(v: string) => {
              const [s, o] = v.split(':') as [OpsCourseSort, 'asc' | 'desc'];
              setSort({ sort: s, order: o });
              setPage(1);
            }}
            options={OPS_COURSE_SORTS.flatMap((s) =>
              s === 'code' ? [{ value: 'code:asc', label: '按课程代码' }] : [{ value: `${s}:desc`, label: `${SORT_LABELS[s]}从高到低` }, { value: `${s}:asc`, label: `${SORT_LABELS[s]}从低到高` }],
            )}
          />
          <Button onClick={() => downloadList('/admin/courses/overview/export', query, '课程概览.xlsx')}>导出 Excel</Button>
        </Space>
      </div>
      <p className="ops-muted">出勤率 = 已结束签到中出勤与迟到人次 ÷（已选人数 × 已结束签到次数）；平均成绩只计已有最终成绩的学生。</p>
      <OpsFilterBar
        value={filter}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
      />
      {body}
    </section>
  );
}
