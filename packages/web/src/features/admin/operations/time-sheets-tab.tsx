import '../shell/ops.css';
import { useState } from 'react';
import { Button, Checkbox, DatePicker, Drawer, Form, Input, InputNumber, Modal, Popconfirm, Space, Tag, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACTIVE_TYPE_LABELS, TIME_SHEET_ACTIVE_TYPES, TIME_SHEET_ACTIVITY_MAX, TIME_SHEET_HOURS_MAX, TIME_SHEET_MSG, TIME_SHEET_STATUS_LABELS, type TimeSheetEntry, type TimeSheetListQuery, type TimeSheetPerson, type TimeSheetUpdateRequest } from '@summit/domain/api/time-sheets';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { formatTime } from '../shell/admin-format.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { OPS_VIEW_KEYS, downloadList, fetchTimeSheet, fetchTimeSheets, updateTimeSheet } from '../courses/ops-views-api.ts';
import { OPS_KEYS } from './ops-api.ts';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';
import { usePagedList } from '../shell/use-paged-list.ts';

const STATUS_COLOURS = { pending: 'gold', approved: 'green', rejected: 'red' } as const;
const hours = (h: number) => `${h} 小时`;
type EntryForm = { work_date?: Dayjs; hours?: number; activity?: string };

/** 工时: volunteers and trainees with their approved and pending hours; a drawer per person to record and approve (decision 065). */
export default function TimeSheetsTab() {
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [activeType, setActiveType] = useState<number | undefined>(undefined);
  const [pendingOnly, setPendingOnly] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const { setPage, query, list, pagination } = usePagedList({
    filter: { keyword, active_type: activeType, ...(pendingOnly ? { pending: '1' as const } : {}) },
    queryKey: OPS_VIEW_KEYS.timeSheetList,
    fetch: (query: TimeSheetListQuery, signal) => fetchTimeSheets(query, { signal }),
  });
  const open = list.data?.items.find((p) => p.student_id === openId) ?? null;

  let body;
  if (list.isPending) body = <LoadingState rows={6} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else
    body = (
      <AdminTable<TimeSheetPerson>
        rowKey="student_id"
        loading={list.isFetching}
        dataSource={list.data.items}
        locale={{ emptyText: '没有符合条件的志愿者或实习生' }}
        pagination={pagination}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '身份', key: 'type', render: (_v, p) => ACTIVE_TYPE_LABELS[p.active_type] ?? p.active_type },
          { title: '学校', dataIndex: 'school', render: (v: string) => v || '—' },
          { title: '已通过', key: 'approved', render: (_v, p) => <strong data-testid={`approved-${p.student_id}`}>{hours(p.approved_hours)}</strong> },
          { title: '待审核', key: 'pending', render: (_v, p) => (p.pending_hours ? <Tag color="gold">{hours(p.pending_hours)}</Tag> : '—') },
          { title: '最近工作日', key: 'last', render: (_v, p) => p.last_work_date ?? '—' },
          { title: '操作', key: 'actions', render: (_v, p) => <Button size="small" onClick={() => setOpenId(p.student_id)} aria-label={`工时记录：${p.name}的工时`}>工时记录</Button> },
        ]}
      />
    );

  return (
    <section className="admin-card" aria-label="工时">
      <div className="ops-head">
        <h2>志愿者与实习生工时</h2>
        <Space wrap>
          <Button onClick={() => downloadList('/admin/time-sheets/export', query, '工时汇总.xlsx')}>导出汇总</Button>
          <Button onClick={() => downloadList('/admin/time-sheets/entries/export', query, '工时明细.xlsx')}>导出明细</Button>
        </Space>
      </div>
      <div className="ops-filters">
        <Input.Search aria-label="搜索姓名或手机号" allowClear placeholder="姓名或手机号" onSearch={(v) => (setKeyword(v.trim() || undefined), setPage(1))} />
        <EnumFilterSelect
          label="身份"
          placeholder="全部身份"
          value={activeType}
          onChange={(v) => (setActiveType(v), setPage(1))}
          keys={TIME_SHEET_ACTIVE_TYPES}
          labels={ACTIVE_TYPE_LABELS}
        />
        <Checkbox checked={pendingOnly} onChange={(e) => (setPendingOnly(e.target.checked), setPage(1))}>
          只看有待审核工时的人
        </Checkbox>
      </div>
      {body}
      <TimeSheetDrawer studentId={openId} title={open ? `${open.name}的工时` : '工时记录'} onClose={() => setOpenId(null)} />
    </section>
  );
}

function TimeSheetDrawer({ studentId, title, onClose }: { studentId: number | null; title: string; onClose: () => void }) {
  const isPhone = useIsPhone();
  const client = useQueryClient();
  const [toast, holder] = message.useMessage();
  const [form] = Form.useForm<EntryForm>();
  const [editForm] = Form.useForm<EntryForm>();
  const [editing, setEditing] = useState<TimeSheetEntry | null>(null);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const sheet = useQuery({ queryKey: OPS_VIEW_KEYS.timeSheet(studentId ?? 0), queryFn: ({ signal }) => fetchTimeSheet(studentId!, { signal }), enabled: studentId !== null });
  const change = useMutation({
    mutationFn: (body: TimeSheetUpdateRequest) => updateTimeSheet(studentId!, body),
    onSuccess: (data, body) => {
      client.setQueryData(OPS_VIEW_KEYS.timeSheet(studentId!), data);
      void client.invalidateQueries({ queryKey: OPS_VIEW_KEYS.timeSheets });
      void client.invalidateQueries({ queryKey: OPS_KEYS.audit });
      void toast.success({ add: TIME_SHEET_MSG.ADDED, edit: TIME_SHEET_MSG.EDITED, approve: TIME_SHEET_MSG.APPROVED, reject: TIME_SHEET_MSG.REJECTED }[body.action]);
      if (body.action === 'add') form.resetFields(['hours', 'activity']);
      if (body.action === 'edit') setEditing(null);
      setRejecting(null);
      setNote('');
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field && ['work_date', 'hours', 'activity'].includes(err.field))
        (editing ? editForm : form).setFields([{ name: err.field as keyof EntryForm, errors: [err.msg] }]);
    },
  });
  const submit = (v: EntryForm) => change.mutate({ action: 'add', work_date: v.work_date!.format('YYYY-MM-DD'), hours: v.hours!, activity: (v.activity ?? '').trim() });
  const pendingIds = (sheet.data?.entries ?? []).filter((e) => e.status === 'pending').map((e) => e.id);

  let body;
  if (studentId === null) body = null;
  else if (sheet.isPending) body = <LoadingState rows={4} />;
  else if (sheet.isError) body = <ErrorState onRetry={() => void sheet.refetch()} />;
  else
    body = (
      <>
        <section className="ops-summary" aria-label="工时合计">
          <div className="ops-summary__item">
            <strong data-testid="sheet-approved">{hours(sheet.data.totals.approved_hours)}</strong>
            <span>已通过</span>
          </div>
          <div className="ops-summary__item">
            <strong data-testid="sheet-pending">{hours(sheet.data.totals.pending_hours)}</strong>
            <span>待审核</span>
          </div>
          <div className="ops-summary__item">
            <strong>{hours(sheet.data.totals.rejected_hours)}</strong>
            <span>未通过</span>
          </div>
        </section>
        <Form form={form} layout="vertical" className="ops-drawer-form" onFinish={submit} disabled={change.isPending} initialValues={{ work_date: dayjs().tz('Asia/Shanghai') }}>
          <h3>添加工时</h3>
          <Form.Item name="work_date" label="日期" rules={[{ required: true, message: TIME_SHEET_MSG.DATE }]}>
            <DatePicker aria-label="日期" allowClear={false} style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs().tz('Asia/Shanghai'), 'day')} />
          </Form.Item>
          <Form.Item name="hours" label="工时（小时，0.5 为单位）" rules={[{ required: true, message: TIME_SHEET_MSG.HOURS }]}>
            <InputNumber aria-label="工时" min={0.5} max={TIME_SHEET_HOURS_MAX} step={0.5} precision={1} style={{ width: '100%' }} placeholder="如 2.5" />
          </Form.Item>
          <Form.Item name="activity" label="工作内容" rules={[{ required: true, whitespace: true, message: TIME_SHEET_MSG.ACTIVITY }]}>
            <Input aria-label="工作内容" maxLength={TIME_SHEET_ACTIVITY_MAX} placeholder="如：迎新接待" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending && change.variables?.action === 'add'} block={isPhone}>
            添加
          </Button>
        </Form>
        <div className="ops-head" style={{ marginTop: 24 }}>
          <h3 style={{ margin: 0 }}>记录</h3>
          {pendingIds.length > 1 ? (
            <Button size="small" onClick={() => change.mutate({ action: 'approve', ids: pendingIds })} disabled={change.isPending}>
              全部通过（{pendingIds.length}）
            </Button>
          ) : null}
        </div>
        {sheet.data.entries.length === 0 ? (
          <EmptyState description="还没有工时记录" />
        ) : (
          <ul className="admin-sign-list" aria-label="工时记录">
            {sheet.data.entries.map((e: TimeSheetEntry) => (
              <li key={e.id} data-testid={`entry-${e.id}`}>
                <span>
                  <strong>
                    {e.work_date} · {hours(e.hours)} · {e.activity}
                  </strong>
                  <span className="admin-muted">
                    <Tag color={STATUS_COLOURS[e.status]}>{TIME_SHEET_STATUS_LABELS[e.status]}</Tag>
                    记录：{e.recorded_by.name || `#${e.recorded_by.id}`} {formatTime(e.recorded_at)}
                    {e.decided_by ? `；审核：${e.decided_by.name || `#${e.decided_by.id}`} ${formatTime(e.decided_at)}` : ''}
                    {e.note ? `；备注：${e.note}` : ''}
                  </span>
                </span>
                <span className="admin-sign-list__links">
                  <Button
                    size="small"
                    disabled={change.isPending}
                    onClick={() => {
                      setEditing(e);
                      editForm.setFieldsValue({ work_date: dayjs(e.work_date), hours: e.hours, activity: e.activity });
                    }}
                  >
                    修改
                  </Button>
                {e.status === 'pending' ? (
                  <>
                    <Button size="small" type="primary" onClick={() => change.mutate({ action: 'approve', ids: [e.id] })} disabled={change.isPending}>
                      通过
                    </Button>
                    <Popconfirm
                      title="驳回这条工时？"
                      description={<Input aria-label="驳回原因" placeholder="原因（选填）" maxLength={200} value={rejecting === e.id ? note : ''} onChange={(ev) => (setRejecting(e.id), setNote(ev.target.value))} />}
                      okText="驳回"
                      cancelText="取消"
                      onConfirm={() => change.mutate({ action: 'reject', ids: [e.id], ...(rejecting === e.id && note.trim() ? { note: note.trim() } : {}) })}
                    >
                      <Button size="small" danger disabled={change.isPending}>
                        驳回
                      </Button>
                    </Popconfirm>
                  </>
                ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </>
    );

  return (
    <Drawer open={studentId !== null} onClose={onClose} title={title} width={isPhone ? '100%' : 560} destroyOnHidden>
      {holder}
      {body}
      <Modal
        open={editing !== null}
        title="修改工时"
        okText="保存"
        cancelText="取消"
        okButtonProps={{ loading: change.isPending && change.variables?.action === 'edit' }}
        onCancel={() => setEditing(null)}
        onOk={() => editForm.submit()}
        forceRender
      >
        <p className="ops-muted">修改后这条工时回到“待审核”，需要重新审核。</p>
        <Form
          form={editForm}
          layout="vertical"
          className="ops-drawer-form"
          onFinish={(v: EntryForm) => editing && change.mutate({ action: 'edit', id: editing.id, work_date: v.work_date!.format('YYYY-MM-DD'), hours: v.hours!, activity: (v.activity ?? '').trim() })}
        >
          <Form.Item name="work_date" label="日期" rules={[{ required: true, message: TIME_SHEET_MSG.DATE }]}>
            <DatePicker aria-label="修改日期" allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="hours" label="工时（小时）" rules={[{ required: true, message: TIME_SHEET_MSG.HOURS }]}>
            <InputNumber aria-label="修改工时" min={0.5} max={TIME_SHEET_HOURS_MAX} step={0.5} precision={1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="activity" label="工作内容" rules={[{ required: true, whitespace: true, message: TIME_SHEET_MSG.ACTIVITY }]}>
            <Input aria-label="修改工作内容" maxLength={TIME_SHEET_ACTIVITY_MAX} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
