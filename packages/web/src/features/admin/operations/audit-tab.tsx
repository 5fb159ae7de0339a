import '../shell/ops.css';
import { useState } from 'react';
import { AutoComplete, Button, DatePicker, Drawer, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { auditActionLabel, auditActionOptions, auditActionQuery, auditDiff, auditEntityLabel, type AuditActor, type AuditEntry, type AuditQuery } from '@summit/domain/api/audit';
import { TEACHER_TYPES } from '@summit/domain/roles';
import { ExportButton, sheetQuery } from '../shell/export-button.tsx';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { beijingWallClockToIso, formatTime } from '../shell/admin-format.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { OPS_KEYS, fetchAudit, fetchAuditEntities } from './ops-api.ts';
import { usePagedList } from '../shell/use-paged-list.ts';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';

const ROLE_LABELS: Record<string, string> = { student: '学生', school: '学校', sl: '学生领袖' };

function actorText(entry: AuditEntry): string {
  if (entry.actor_id === null) return '系统';
  const a: AuditActor | null = entry.actor;
  if (!a) return `#${entry.actor_id}`;
  const kind = a.role === 'teacher' ? (a.is_admin ? '管理员' : (TEACHER_TYPES[a.teacher_type as keyof typeof TEACHER_TYPES] ?? '教师')) : (ROLE_LABELS[a.role] ?? a.role);
  return `${a.name || '未命名'}（${kind} #${a.id}）`;
}

interface Draft {
  actor: string;
  entity: string | undefined;
  entity_id: string;
  action: string;
  from: Dayjs | null;
  to: Dayjs | null;
}
/** The action's Chinese name with its recorded code, which is what the 操作 filter matches. */
const actionText = (action: string) => (auditActionLabel(action) === action ? action : `${auditActionLabel(action)}（${action}）`);

const ACTION_OPTIONS = auditActionOptions();

const EMPTY: Draft = { actor: '', entity: undefined, entity_id: '', action: '', from: null, to: null };

function queryOf(d: Draft): AuditQuery {
  const q: AuditQuery = {};
  if (d.actor.trim()) q.actor = d.actor.trim();
  if (d.entity) q.entity = d.entity;
  if (d.entity_id.trim()) q.entity_id = d.entity_id.trim();
  if (d.action.trim()) q.action = auditActionQuery(d.action);
  if (d.from) q.from = beijingWallClockToIso(d.from);
  if (d.to) q.to = beijingWallClockToIso(d.to);
  return q;
}

/** The before/after of one row as a table of changed, added, removed and unchanged fields. */
export function AuditDiffTable({ before, after }: { before: unknown; after: unknown }) {
  const lines = auditDiff(before, after);
  if (lines.length === 0) return <p className="ops-muted">该记录没有保存变更前后的内容。</p>;
  const kindLabel = { changed: '修改', added: '新增', removed: '删除', same: '未变' } as const;
  return (
    <table className="ops-diff" aria-label="变更内容">
      <thead>
        <tr>
          <th style={{ width: '26%' }}>字段</th>
          <th>变更前</th>
          <th>变更后</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.path || '(值)'} className={`ops-diff--${l.kind}`}>
            <td>
              {l.path || '（值）'} <small>{kindLabel[l.kind]}</small>
            </td>
            <td>{l.before || '—'}</td>
            <td>{l.after || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 操作日志: every recorded write, searchable, read-only (decision 060). */
export default function AuditTab() {
  const isPhone = useIsPhone();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [applied, setApplied] = useState<AuditQuery>({});
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const { setPage, list, pagination } = usePagedList({ filter: applied, queryKey: (query) => [...OPS_KEYS.audit, query], fetch: (query, signal) => fetchAudit(query, { signal }) });
  const entities = useQuery({ queryKey: OPS_KEYS.auditEntities, queryFn: ({ signal }) => fetchAuditEntities({ signal }) });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const search = () => {
    setApplied(queryOf(draft));
    setPage(1);
  };

  let body;
  if (list.isPending) body = <LoadingState rows={8} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else
    body = (
      <AdminTable<AuditEntry>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data.items}
        locale={{ emptyText: '没有符合条件的记录' }}
        pagination={pagination}
        onRow={(e) => ({ onClick: () => setOpen(e) })}
        columns={[
          { title: '对象', key: 'object', render: (_v, e) => `${auditEntityLabel(e.entity)}${e.entity_id ? ` #${e.entity_id}` : ''}` },
          // The Chinese name, with the recorded code for searching (the 操作 filter matches the code).
          { title: '操作', key: 'action', render: (_v, e) => (auditActionLabel(e.action) === e.action ? e.action : <>{auditActionLabel(e.action)} <small className="ops-muted">{e.action}</small></>) },
          { title: '操作人', key: 'actor', render: (_v, e) => actorText(e) },
          { title: '时间', dataIndex: 'created_at', render: (v: string) => formatTime(v) },
          { title: '详情', key: 'detail', render: (_v, e) => (
            <Button size="small" onClick={(ev) => {
              ev.stopPropagation();
              setOpen(e);
            }}>
              查看变更
            </Button>
          ) },
        ]}
      />
    );

  return (
    <div className="admin-ops">
      <section className="admin-card" aria-label="操作日志">
        <h2>操作日志</h2>
        <p className="ops-muted">记录管理员与教师的每一次修改，只读，不能编辑或删除。操作人可输入姓名、手机号或 #编号。</p>
        <div className="ops-filters">
          <Input aria-label="操作人" placeholder="操作人：姓名 / 手机号 / #编号" value={draft.actor} onChange={(e) => set({ actor: e.target.value })} onPressEnter={search} allowClear />
          <EnumFilterSelect
            label="对象类型"
            placeholder="对象类型"
            value={draft.entity}
            onChange={(v: string | undefined) => set({ entity: v })}
            options={(entities.data ?? []).map((e) => ({ value: e.entity, label: `${e.label}（${e.count}）` }))}
          />
          <Input aria-label="对象编号" placeholder="对象编号" value={draft.entity_id} onChange={(e) => set({ entity_id: e.target.value })} onPressEnter={search} allowClear />
          {/* Suggests every action by its Chinese name; a chosen or typed name is sent as its code (auditActionQuery). */}
          <AutoComplete
            value={draft.action}
            options={ACTION_OPTIONS}
            onChange={(v: string) => set({ action: v })}
            onSelect={(v: string) => set({ action: ACTION_OPTIONS.find((o) => o.value === v)?.label ?? v })}
            filterOption={(text, option) => (option?.label ?? '').toLowerCase().includes(text.trim().toLowerCase())}
            defaultActiveFirstOption={false}
            popupMatchSelectWidth={false}
          >
            <Input aria-label="操作" placeholder="操作：名称或代码，如 发布录取结果" onPressEnter={search} allowClear />
          </AutoComplete>
          <DatePicker aria-label="开始时间" placeholder="开始时间" showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={draft.from} onChange={(v) => set({ from: v })} inputReadOnly={isPhone} />
          <DatePicker aria-label="结束时间" placeholder="结束时间" showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={draft.to} onChange={(v) => set({ to: v })} inputReadOnly={isPhone} />
          <Button type="primary" onClick={search}>
            查询
          </Button>
          <Button
            onClick={() => {
              setDraft(EMPTY);
              setApplied({});
              setPage(1);
            }}
          >
            重置
          </Button>
          <ExportButton path="/admin/audit/export" query={sheetQuery({ ...applied })} fileName="操作日志.xlsx" />
        </div>
        {list.data ? <p className="ops-muted">{`共 ${list.data.total} 条`}</p> : null}
        {body}
      </section>
      <Drawer open={open !== null} onClose={() => setOpen(null)} title={open ? `${auditEntityLabel(open.entity)}${open.entity_id ? ` #${open.entity_id}` : ''} · ${actionText(open.action)}` : ''} width={isPhone ? '100%' : 640} destroyOnHidden>
        {open ? (
          <>
            <p>
              {actorText(open)} · {formatTime(open.created_at)}
            </p>
            <AuditDiffTable before={open.before} after={open.after} />
          </>
        ) : null}
      </Drawer>
    </div>
  );
}
