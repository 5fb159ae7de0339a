import { Button, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { AdminProgrammeRow } from '@summit/domain/api/programmes';
import { PROGRAMME_STATUS_LABELS, type ProgrammeStatus } from '@summit/domain/programmes';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ADMIN_KEYS, fetchTeacherInfo } from '../shell/admin-api.ts';
import { formatTime } from '../shell/admin-format.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { fetchProgramme, fetchProgrammes, PROGRAMME_KEYS } from './programmes-api.ts';
import { ProgrammeApplications } from './programmes-applications.tsx';
import { ProgrammeEditor } from './programmes-editor.tsx';
import { APPLICANT_ROLE_LABELS } from './programmes-model.ts';
import './programmes.css';

const STATUS_COLORS: Record<ProgrammeStatus, string> = { draft: 'default', open: 'green', closed: 'orange' };

/** ?new=1 the editor for a new programme; ?code=X its applications; ?code=X&edit=1 its settings. */
function useView() {
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const view = params.get('new') === '1' ? ({ kind: 'new' } as const) : code ? ({ kind: params.get('edit') === '1' ? 'edit' : 'applications', code } as const) : ({ kind: 'list' } as const);
  const go = (next: Record<string, string>) => setParams(next);
  return { view, go };
}

function EditView({ code, onDone }: { code: string; onDone: (code: string) => void }) {
  const one = useQuery({ queryKey: PROGRAMME_KEYS.one(code), queryFn: ({ signal }) => fetchProgramme(code, { signal }) });
  if (one.isPending) return <LoadingState rows={8} />;
  if (one.isError) return <ErrorState onRetry={() => void one.refetch()} />;
  // Keyed by the saved time: the form starts from what the server holds and keeps what is typed until saved.
  return <ProgrammeEditor key={one.data.updated_at} programme={one.data} onSaved={onDone} onCancel={() => onDone(code)} />;
}

/** 其他项目 (decision 075): every programme besides the summer one, its settings and its applications. */
export default function ProgrammesTab() {
  const { view, go } = useView();
  const info = useQuery({ queryKey: ADMIN_KEYS.teacher, queryFn: ({ signal }) => fetchTeacherInfo({ signal }) });
  const permissions = info.data?.permissions ?? [];
  const canManage = permissions.includes('programmes.manage');
  const list = useQuery({ queryKey: PROGRAMME_KEYS.list, queryFn: ({ signal }) => fetchProgrammes({ signal }), enabled: view.kind === 'list' });

  if (view.kind === 'new') return <ProgrammeEditor programme={null} onSaved={(code) => go({ code })} onCancel={() => go({})} />;
  if (view.kind === 'edit') return <EditView code={view.code} onDone={(code) => go({ code })} />;
  if (view.kind === 'applications')
    return <ProgrammeApplications code={view.code} permissions={permissions} onBack={() => go({})} onEdit={canManage ? () => go({ code: view.code, edit: '1' }) : null} />;

  const columns: TableColumnsType<AdminProgrammeRow> = [
    {
      title: '项目',
      key: 'name',
      render: (_: unknown, r) => (
        <Button type="link" className="programme-list__open" onClick={() => go({ code: r.code })}>
          {r.name}
        </Button>
      ),
    },
    { title: '代码', dataIndex: 'code', key: 'code', width: 120 },
    { title: '状态', dataIndex: 'status', key: 'status', width: 100, render: (v: ProgrammeStatus) => <Tag color={STATUS_COLORS[v]}>{PROGRAMME_STATUS_LABELS[v]}</Tag> },
    { title: '申请人', dataIndex: 'applicant_role', key: 'role', width: 100, render: (v: AdminProgrammeRow['applicant_role']) => APPLICANT_ROLE_LABELS[v] },
    {
      title: '申请',
      key: 'counts',
      render: (_: unknown, r) => `填写中 ${r.counts.draft} · 已提交 ${r.counts.submitted} · 录取 ${r.counts.admitted} · 未录取 ${r.counts.rejected} · 候补 ${r.counts.waitlisted}`,
    },
    { title: '更新时间', key: 'updated', width: 150, render: (_: unknown, r) => formatTime(r.updated_at) },
    ...(canManage
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_: unknown, r: AdminProgrammeRow) => (
              <Button size="small" onClick={() => go({ code: r.code, edit: '1' })} aria-label={`编辑 ${r.name}`}>
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="programme-list">
      <div className="admin-toolbar">
        <span className="admin-toolbar__hint">SSI、志愿者、学生领袖、SBP、H-week 与 Dean&apos;s List 等项目：申请表、费用与内容由此设置，无需改代码。</span>
        {canManage ? (
          <Button type="primary" onClick={() => go({ new: '1' })}>
            新建项目
          </Button>
        ) : null}
      </div>
      {list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <AdminTable<AdminProgrammeRow>
          className="admin-table"
          rowKey="code"
          size="middle"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          pagination={false}
          locale={{ emptyText: list.isPending ? ' ' : <EmptyState description="还没有项目" /> }}
          onRow={(r) => ({
            onClick: (e) => {
              if (!(e.target as HTMLElement).closest('button')) go({ code: r.code });
            },
          })}
        />
      )}
    </div>
  );
}
