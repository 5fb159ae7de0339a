import '../shell/ops.css';
import { useState } from 'react';
import { Button, Segmented, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { OPS_SIGN_GROUPS, OPS_SIGN_GROUP_LABELS, type OpsSignGroup, type OpsSignQuery, type OpsSignRow } from '@summit/domain/api/operations';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { adminCourseDetailPath, checkinPath } from '../../../lib/paths.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { OpsFilterBar, formatRate, type OpsFilterValue } from './ops-filter-bar.tsx';
import { OPS_VIEW_KEYS, downloadList, fetchSignsOverview } from './ops-views-api.ts';
import { formatTime } from '../shell/admin-format.ts';
import { usePagedList } from '../shell/use-paged-list.ts';

/** 出勤 (/admin/signs): attendance by meeting, day or course, with late and absent counts and links to the course and the sign-in. */
export default function SignsTab() {
  const [filter, setFilter] = useState<OpsFilterValue>({});
  const [group, setGroup] = useState<OpsSignGroup>('meeting');
  const { setPage, query, list, pagination } = usePagedList({ filter: { ...filter, group }, queryKey: OPS_VIEW_KEYS.signs, fetch: (query: OpsSignQuery, signal) => fetchSignsOverview(query, { signal }) });

  const courseCell = (r: OpsSignRow) => (r.course ? <Link to={adminCourseDetailPath(r.course.course_id, r.course.period, 'signs')}>{`${r.course.code} ${r.course.title}`}</Link> : '—');
  const whenColumn =
    group === 'meeting'
      ? [{ title: '上课时间', key: 'when', render: (_v: unknown, r: OpsSignRow) => formatTime(r.meeting_starts_at) }]
      : group === 'day'
        ? [{ title: '日期', key: 'when', render: (_v: unknown, r: OpsSignRow) => r.day ?? '—' }]
        : [];

  let body;
  if (list.isPending) body = <LoadingState rows={6} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else {
    const t = list.data.totals;
    body = (
      <>
        <section className="ops-summary" aria-label="出勤汇总">
          {[
            ['出勤率', formatRate(t.rate)],
            ['应到人次', t.expected],
            ['出勤', t.present],
            ['迟到', t.late],
            ['请假', t.excused],
            ['缺勤', t.absent],
          ].map(([label, v]) => (
            <div className="ops-summary__item" key={String(label)}>
              <strong>{v}</strong>
              <span>{label}</span>
            </div>
          ))}
        </section>
        <AdminTable<OpsSignRow>
          rowKey="key"
          loading={list.isFetching}
          dataSource={list.data.items}
          locale={{ emptyText: '没有已开启的签到' }}
          pagination={pagination}
          columns={[
            ...(group === 'day' ? [] : [{ title: '课程', key: 'course', render: (_v: unknown, r: OpsSignRow) => courseCell(r) }]),
            ...whenColumn,
            group === 'meeting'
              ? { title: '状态', key: 'state', render: (_v, r) => (r.open ? <Tag color="green">签到中</Tag> : <Tag>已结束</Tag>) }
              : { title: '已结束签到', key: 'signs', render: (_v, r) => (r.open ? `${r.signs}（另有签到中）` : r.signs) },
            { title: '应到', dataIndex: 'expected' },
            { title: '出勤', dataIndex: 'present' },
            { title: '迟到', dataIndex: 'late' },
            { title: '请假', dataIndex: 'excused' },
            { title: '缺勤', dataIndex: 'absent' },
            { title: '出勤率', key: 'rate', render: (_v, r) => formatRate(r.rate) },
            ...(group === 'meeting'
              ? [{ title: '签到', key: 'link', render: (_v: unknown, r: OpsSignRow) => (r.sign_id ? <Link to={checkinPath('admin', r.sign_id)}>签到详情</Link> : '—') }]
              : []),
          ]}
        />
      </>
    );
  }

  return (
    <section className="admin-card" aria-label="出勤统计">
      <div className="ops-head">
        <h2>出勤统计</h2>
        <Space wrap>
          <Segmented
            aria-label="统计方式"
            value={group}
            onChange={(v) => {
              setGroup(v as OpsSignGroup);
              setPage(1);
            }}
            options={OPS_SIGN_GROUPS.map((g) => ({ value: g, label: OPS_SIGN_GROUP_LABELS[g] }))}
          />
          <Button onClick={() => downloadList('/admin/signs/overview/export', query, '出勤统计.xlsx')}>导出 Excel</Button>
        </Space>
      </div>
      <p className="ops-muted">出勤率 =（出勤 + 迟到）÷ 应到；签到结束后仍无记录的学生计为缺勤。按日期、按课程与汇总只统计已结束的签到。</p>
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
