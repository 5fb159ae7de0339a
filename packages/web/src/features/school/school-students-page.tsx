import { useState, type ReactNode } from 'react';
import { Button, Input, Pagination, Select, Spin, Table, Tabs, Tag, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { SCHOOL_DECISIONS, SCHOOL_PAGE_SIZE_DEFAULT, type SchoolDecision, type SchoolStudentFilter, type SchoolStudentItem } from '@summit/domain/api/school';
import { APPLY_BATCHES, BATCH_LABELS } from '@summit/domain/application';
import { SIGNUP_STATUSES, type SignupStatus } from '@summit/domain/student-status';
import { PATHS } from '../../lib/paths.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { useIsPhone } from '../../lib/use-is-phone.ts';
import { SCHOOL_KEYS, downloadExport, fetchStudents } from './school-api.ts';
import { batchLabel, decisionColor, decisionLabel, formatTime, offerPlace, paidLabel, signupLabel, stepLabel } from './school-format.ts';
import { StudentDrawer } from './student-drawer.tsx';
import './school.css';

type Filters = Omit<SchoolStudentFilter, 'applied'>;
type Tab = 'students' | 'apply';

interface Column {
  key: string;
  title: string;
  render: (s: SchoolStudentItem) => ReactNode;
  width?: number;
}

const DecisionTag = ({ d }: { d: SchoolDecision }) => <Tag color={decisionColor(d)}>{decisionLabel(d)}</Tag>;
const PaidText = ({ paid }: { paid: boolean }) => <span className={paid ? 'school-paid' : 'school-unpaid'}>{paidLabel(paid)}</span>;

/** The columns of each tab: the student list is about enrolment, the applications view about the application. */
function columnsOf(tab: Tab): Column[] {
  const name: Column = { key: 'name', title: '姓名', width: 110, render: (s) => s.name || '未填写' };
  const recommended: Column = { key: 'recommended', title: '学校推荐', width: 90, render: (s) => (s.recommended ? <Tag color="purple">已推荐</Tag> : '—') };
  if (tab === 'apply') {
    return [
      name,
      { key: 'grade', title: '年级', width: 70, render: (s) => s.grade ?? '—' },
      { key: 'step', title: '申请步骤', width: 90, render: (s) => stepLabel(s.step) },
      { key: 'batch', title: '批次', width: 90, render: (s) => batchLabel(s.batch) },
      { key: 'apply_paid', title: '申请费', width: 70, render: (s) => <PaidText paid={s.apply_paid} /> },
      { key: 'decision', title: '录取结果', width: 90, render: (s) => <DecisionTag d={s.decision} /> },
      { key: 'submitted', title: '提交时间', width: 150, render: (s) => formatTime(s.step2_submitted_at ?? s.step1_submitted_at) },
      recommended,
    ];
  }
  return [
    name,
    { key: 'phone', title: '手机号', width: 130, render: (s) => s.phone },
    { key: 'status', title: '申请进度', width: 120, render: (s) => signupLabel(s.signup_status) },
    { key: 'decision', title: '录取结果', width: 90, render: (s) => <DecisionTag d={s.decision} /> },
    { key: 'place', title: '期次/方向', width: 150, render: (s) => offerPlace(s.session, s.track) },
    { key: 'tuition', title: '学费', width: 70, render: (s) => <PaidText paid={s.tuition_paid} /> },
    { key: 'venue', title: '会场', width: 110, render: (s) => s.venue ?? '—' },
    recommended,
  ];
}

/**
 * /school-student and /school-studentApply (decision 059): one page with two tabs over the same server-side
 * list. 学生名单 lists every student of the school; 申请情况 only those who applied, with the application's
 * columns. Rows open the student drawer (detail, history, recommendation).
 */
export default function SchoolStudentsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const [toast, toastHolder] = message.useMessage();
  const tab: Tab = location.pathname === PATHS.schoolApply ? 'apply' : 'students';
  const [filters, setFilters] = useState<Filters>({});
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);

  const filter: SchoolStudentFilter = { ...filters, ...(tab === 'apply' ? { applied: 'true' as const } : {}) };
  const query = { ...filter, page, page_size: SCHOOL_PAGE_SIZE_DEFAULT };
  const list = useQuery({
    queryKey: [...SCHOOL_KEYS.students, query],
    queryFn: ({ signal }) => fetchStudents(query, { signal }),
    placeholderData: keepPreviousData,
  });

  const update = (next: Filters) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };

  const exportList = async () => {
    setExporting(true);
    try {
      await downloadExport(filter);
      void toast.success('已导出');
    } catch {
      // The api client has shown the reason.
    } finally {
      setExporting(false);
    }
  };

  const columns = columnsOf(tab);
  const data = list.data;
  const empty = <EmptyState description={Object.values(filters).some(Boolean) ? '没有符合条件的学生' : tab === 'apply' ? '本校暂无学生提交申请' : '本校暂无学生注册'} />;

  let body: ReactNode;
  if (list.isPending) body = <LoadingState rows={6} />;
  else if (list.isError && !data) body = <ErrorState onRetry={() => void list.refetch()} />;
  else if (isPhone) {
    const items = data?.items ?? [];
    body = (
      <Spin spinning={list.isFetching}>
        <ul className="school-cards" aria-label="学生列表">
          {items.length === 0 ? <li className="school-cards__empty">{empty}</li> : null}
          {items.map((s) => (
            <li key={s.user_id}>
              <button type="button" className="school-card" onClick={() => setOpenId(s.user_id)}>
                <span className="school-card__head">{s.name || '未填写'}</span>
                <dl className="school-card__fields">
                  {columns.slice(1).map((c) => (
                    <div key={c.key} className="school-card__field">
                      <dt>{c.title}</dt>
                      <dd>{c.render(s)}</dd>
                    </div>
                  ))}
                </dl>
              </button>
            </li>
          ))}
        </ul>
        {(data?.total ?? 0) > SCHOOL_PAGE_SIZE_DEFAULT ? (
          <Pagination className="school-pager" simple current={page} pageSize={SCHOOL_PAGE_SIZE_DEFAULT} total={data?.total ?? 0} onChange={setPage} />
        ) : null}
      </Spin>
    );
  } else {
    const tableColumns: TableColumnsType<SchoolStudentItem> = columns.map((c) => ({ key: c.key, title: c.title, width: c.width, render: (_: unknown, s) => c.render(s) }));
    body = (
      <Table<SchoolStudentItem>
        rowKey="user_id"
        size="middle"
        className="school-table"
        columns={tableColumns}
        dataSource={data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        locale={{ emptyText: empty }}
        onRow={(s) => ({ onClick: () => setOpenId(s.user_id) })}
        pagination={{
          current: page,
          pageSize: SCHOOL_PAGE_SIZE_DEFAULT,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 名学生`,
          onChange: setPage,
        }}
      />
    );
  }

  return (
    <div className="page school-page">
      {toastHolder}
      <header className="school-page__header">
        <div>
          <h1>学校中心</h1>
          <p className="school-page__intro">{data ? `${data.school_name} · ${data.programme_year} 年度项目` : '本校学生的申请与录取情况'}</p>
        </div>
        <Button type="primary" loading={exporting} onClick={() => void exportList()}>
          导出Excel
        </Button>
      </header>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setPage(1);
          void navigate(key === 'apply' ? PATHS.schoolApply : PATHS.school);
        }}
        items={[
          { key: 'students', label: '学生名单' },
          { key: 'apply', label: '申请情况' },
        ]}
      />
      <div className="school-filters">
        <Input.Search
          allowClear
          placeholder="姓名或手机号"
          aria-label="搜索学生"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => update({ q: v.trim() || undefined })}
          enterButton="搜索"
        />
        <Select
          allowClear
          placeholder="申请进度"
          aria-label="申请进度"
          value={filters.signup_status}
          onChange={(v?: SignupStatus) => update({ signup_status: v })}
          options={SIGNUP_STATUSES.filter((s) => tab === 'students' || s !== 'activated').map((s) => ({ value: s, label: signupLabel(s) }))}
        />
        <Select
          allowClear
          placeholder="批次"
          aria-label="批次"
          value={filters.batch}
          onChange={(v?: string) => update({ batch: v })}
          options={APPLY_BATCHES.map((b) => ({ value: b, label: BATCH_LABELS[b] }))}
        />
        <Select
          allowClear
          placeholder="录取结果"
          aria-label="录取结果"
          value={filters.decision}
          onChange={(v?: SchoolDecision) => update({ decision: v })}
          options={SCHOOL_DECISIONS.map((d) => ({ value: d, label: decisionLabel(d) }))}
        />
        <Select
          allowClear
          placeholder="学费"
          aria-label="学费"
          value={filters.tuition}
          onChange={(v?: 'paid' | 'unpaid') => update({ tuition: v })}
          options={[
            { value: 'paid', label: '学费已缴' },
            { value: 'unpaid', label: '学费未缴' },
          ]}
        />
        <Button
          onClick={() => {
            setKeyword('');
            setFilters({});
            setPage(1);
          }}
        >
          重置筛选
        </Button>
      </div>
      <p className="school-page__note">仅显示学籍为本校的学生；缴费只显示是否已缴，不显示金额。录取结果在项目公布后显示。</p>
      {body}
      <StudentDrawer userId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
