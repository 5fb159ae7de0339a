import '../shell/ops.css';
import { useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import type { OpsGradeQuery, OpsGradeRow } from '@summit/domain/api/operations';
import { SESSION_NAMES } from '@summit/domain/programme-terms';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { adminCourseDetailPath } from '../../../lib/paths.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { GradeBands } from './grade-bands.tsx';
import { OpsFilterBar, formatGrade, type OpsFilterValue } from './ops-filter-bar.tsx';
import { OPS_VIEW_KEYS, downloadList, fetchGradesOverview } from './ops-views-api.ts';
import { formatTime } from '../shell/admin-format.ts';
import { usePagedList } from '../shell/use-paged-list.ts';

/** 成绩 (/admin/grades): final-grade distributions by letter band across courses, each course linking to its grades tab. */
export default function GradesTab() {
  const [filter, setFilter] = useState<OpsFilterValue>({});
  const { setPage, query, list, pagination } = usePagedList({ filter, queryKey: OPS_VIEW_KEYS.grades, fetch: (query: OpsGradeQuery, signal) => fetchGradesOverview(query, { signal }) });

  let body;
  if (list.isPending) body = <LoadingState rows={6} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else
    body = (
      <>
        <section className="ops-summary" aria-label="成绩汇总">
          <div className="ops-summary__item">
            <strong>{formatGrade(list.data.average_grade)}</strong>
            <span>平均成绩</span>
          </div>
          <div className="ops-summary__item">
            <GradeBands value={list.data.totals} />
            <span>全部筛选课程的等级分布</span>
          </div>
        </section>
        <AdminTable<OpsGradeRow>
          rowKey="course_id"
          loading={list.isFetching}
          dataSource={list.data.items}
          locale={{ emptyText: '没有符合条件的课程' }}
          pagination={pagination}
          columns={[
            { title: '课程', key: 'course', render: (_v, c) => <Link to={adminCourseDetailPath(c.course_id, c.period, 'grades')}>{`${c.code} ${c.title}`}</Link> },
            { title: '期次', key: 'session', render: (_v, c) => `${SESSION_NAMES[c.session_key]} · 时段${c.period}` },
            { title: '会场', key: 'venue', render: (_v, c) => c.venue ?? '全部会场' },
            { title: '已选', dataIndex: 'enrolled' },
            { title: '等级分布', key: 'bands', render: (_v, c) => <GradeBands value={c.distribution} compact /> },
            { title: '平均成绩', key: 'avg', render: (_v, c) => formatGrade(c.average_grade) },
            { title: '发布时间', key: 'publish', render: (_v, c) => (c.publish_at ? formatTime(c.publish_at) : '未设置') },
          ]}
        />
      </>
    );

  return (
    <section className="admin-card" aria-label="成绩分布">
      <div className="ops-head">
        <h2>成绩分布</h2>
        <Button onClick={() => downloadList('/admin/grades/export', query, '成绩分布.xlsx')}>导出 Excel</Button>
      </div>
      <p className="ops-muted">等级：A ≥ 90，B ≥ 80，C ≥ 70，D ≥ 60，其余为 F；有成绩项未录入的学生计为“未完成”。管理员可看到尚未发布的成绩。</p>
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
