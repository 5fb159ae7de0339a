import { useState } from 'react';
import { Button, Card, Checkbox, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tag, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { BATCH_LABELS } from '@summit/domain/application';
import { CHECKLIST_FORM_KEYS, CHECKLIST_KINDS, CHECKLIST_KIND_LABELS, CHECKLIST_SIGNUP_KEYS, CHECKLIST_STATE_LABELS, type ChecklistItem, type ChecklistKind, type ChecklistState, type ChecklistStudentRow } from '@summit/domain/checklist';
import { ONBOARDING_FORM_TITLES, type AdminHealthRecord } from '@summit/domain/onboarding-forms';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/upload.ts';
import { beijingWallClockToIso, formatTime } from '../shell/admin-format.ts';
import { ADMIN_KEYS, downloadXlsx, fetchTeacherInfo } from '../shell/admin-api.ts';
import {
  CHECKLIST_ADMIN_KEYS,
  deleteItem,
  fetchForms,
  fetchHealth,
  fetchItems,
  fetchPermissions,
  fetchProgress,
  messageStudents,
  progressQuery,
  saveItem,
  setHealthRead,
  waive,
  type ProgressFilter,
} from './checklist-admin-api.ts';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';

const STATE_COLOR: Record<ChecklistState, string> = { todo: 'blue', done: 'green', late: 'red', waived: 'default' };

const SIGNUP_LABELS: Record<string, string> = {
  'signup:major_confirmed': '确认专业',
  'signup:csi': 'SSI 报名',
  'signup:podcast': '播客报名',
  'signup:master_class': '大师课报名',
  'signup:pilot_study': 'Pilot Study 报名',
  'signup:info_session': '升学说明会报名',
};
const KEY_OPTIONS = [
  ...CHECKLIST_FORM_KEYS.map((k) => ({ value: k, label: `表单：${ONBOARDING_FORM_TITLES[k.slice(5) as keyof typeof ONBOARDING_FORM_TITLES]}` })),
  ...CHECKLIST_SIGNUP_KEYS.map((k) => ({ value: k, label: `报名：${SIGNUP_LABELS[k] ?? k}` })),
  { value: 'confirm:', label: '学生自行确认（阅读、确认、线下材料）' },
  { value: 'upload:', label: '学生在清单上传文件' },
];
/** The two sources that take a slug after the prefix. */
const SLUG_SOURCES = ['confirm:', 'upload:'] as const;
const slugSourceOf = (key: string) => SLUG_SOURCES.find((p) => key.startsWith(p)) ?? null;
const FORM_PATHS: Record<string, string> = { 'form:basic': '/scene-form/basic', 'form:previous': '/student/previous/info', 'form:address': '/scene-form/address', 'form:health': '/scene-form/health' };

/** 入学清单: define items, see completion by item and by student, filter who is behind, message, waive, export. */
export default function ChecklistTab() {
  const canGrant = useCanManageStaff();
  return (
    <Space direction="vertical" size="large" className="admin-block" style={{ width: '100%' }}>
      <ItemsCard />
      <ProgressCard />
      {canGrant ? <PermissionsCard /> : null}
    </Space>
  );
}

interface ItemFormValues {
  source: string;
  slug?: string;
  title: string;
  description?: string;
  kind: ChecklistKind;
  required: boolean;
  due?: Dayjs | null;
  target_path?: string;
  track?: string;
  batch?: 'EB1' | 'EB2' | 'RD' | null;
  sort?: number;
}

function ItemsCard() {
  const qc = useQueryClient();
  const items = useQuery({ queryKey: CHECKLIST_ADMIN_KEYS.items, queryFn: ({ signal }) => fetchItems(signal) });
  const [editing, setEditing] = useState<ChecklistItem | 'new' | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['admin', 'checklist'] });
  const remove = useMutation({ mutationFn: deleteItem, onSuccess: () => (refresh(), void message.success('已删除')) });

  const columns: TableColumnsType<ChecklistItem> = [
    { title: '事项', dataIndex: 'title', render: (v: string, r) => (<span>{v}{r.tracked ? null : <Tag color="orange" style={{ marginLeft: 8 }}>未接入</Tag>}</span>) },
    { title: '类型', dataIndex: 'kind', render: (k: ChecklistKind) => CHECKLIST_KIND_LABELS[k] },
    { title: '必做', dataIndex: 'required', render: (v: boolean) => (v ? '必做' : '选做') },
    { title: '截止', dataIndex: 'due_at', render: (v: string | null) => formatTime(v) },
    { title: '适用', key: 'scope', render: (_: unknown, r) => `${r.track ?? '全部方向'} · ${r.batch ? BATCH_LABELS[r.batch as 'EB1'] : '全部批次'}` },
    {
      title: '操作',
      key: 'ops',
      render: (_: unknown, r) => (
        <Space>
          <Button size="small" onClick={() => setEditing(r)}>编辑</Button>
          <Popconfirm title="删除该事项？学生的豁免与提醒记录一并删除。" onConfirm={() => remove.mutate(r.id)}>
            <Button size="small" danger>删除</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title="清单事项" extra={<Button type="primary" onClick={() => setEditing('new')}>新增事项</Button>}>
      {items.isPending ? <LoadingState /> : items.isError ? <ErrorState onRetry={() => void items.refetch()} /> : (
        <Table rowKey="id" size="small" columns={columns} dataSource={items.data.items} pagination={false} scroll={{ x: 640 }} locale={{ emptyText: '尚未定义事项' }} />
      )}
      {editing ? <ItemModal item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), refresh())} /> : null}
    </Card>
  );
}

function ItemModal({ item, onClose, onSaved }: { item: ChecklistItem | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<ItemFormValues>();
  const [busy, setBusy] = useState(false);
  const source = Form.useWatch('source', form);
  const initial: ItemFormValues = item
    ? {
        source: slugSourceOf(item.key) ?? item.key,
        slug: slugSourceOf(item.key) ? item.key.slice(item.key.indexOf(':') + 1) : '',
        title: item.title,
        description: item.description,
        kind: item.kind,
        required: item.required,
        due: item.due_at ? dayjs(item.due_at).tz() : null,
        target_path: item.target_path,
        track: item.track ?? '',
        batch: (item.batch as 'EB1' | null) ?? null,
        sort: item.sort,
      }
    : { source: 'form:basic', title: '', kind: 'form', required: true, due: null, target_path: FORM_PATHS['form:basic'], batch: null, sort: 0 };

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await saveItem(item?.id ?? null, {
        key: slugSourceOf(v.source) ? `${v.source}${(v.slug ?? '').trim()}` : v.source,
        title: v.title,
        description: v.description ?? '',
        kind: v.kind,
        required: v.required,
        due_at: v.due ? beijingWallClockToIso(v.due) : null,
        target_path: v.target_path ?? '',
        track: v.track?.trim() ? v.track.trim() : null,
        batch: v.batch ?? null,
        sort: v.sort ?? 0,
      });
      void message.success('保存成功');
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.field) {
        const name = (error.field === 'key' ? (source && slugSourceOf(source) ? 'slug' : 'source') : error.field === 'due_at' ? 'due' : error.field) as keyof ItemFormValues;
        form.setFields([{ name, errors: [error.msg] }]);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={item ? '编辑事项' : '新增事项'} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} okText="保存" cancelText="取消" destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial}
        onValuesChange={(changed: Partial<ItemFormValues>) => {
          if (changed.source && FORM_PATHS[changed.source]) form.setFieldsValue({ target_path: FORM_PATHS[changed.source], kind: 'form' });
          else if (changed.source?.startsWith('signup:')) form.setFieldsValue({ kind: 'signup' });
          else if (changed.source === 'upload:') form.setFieldsValue({ kind: 'upload' });
        }}>
        <Form.Item label="完成条件" name="source" rules={[{ required: true, message: '请选择' }]}>
          <Select options={KEY_OPTIONS} />
        </Form.Item>
        {source && slugSourceOf(source) ? (
          <Form.Item label="标识（小写字母、数字、短横线）" name="slug" rules={[{ required: true, pattern: /^[a-z0-9][a-z0-9-]{0,40}$/, message: '请输入小写字母、数字或短横线' }]}>
            <Input placeholder="如 handbook" />
          </Form.Item>
        ) : null}
        <Form.Item label="事项名称" name="title" rules={[{ required: true, message: '请填写事项名称' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item label="说明" name="description">
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
        </Form.Item>
        <Space wrap>
          <Form.Item label="类型" name="kind">
            <Select style={{ width: 140 }} options={CHECKLIST_KINDS.map((k) => ({ value: k, label: CHECKLIST_KIND_LABELS[k] }))} />
          </Form.Item>
          <Form.Item label="必做" name="required" valuePropName="checked">
            <Checkbox>必做</Checkbox>
          </Form.Item>
          <Form.Item label="排序" name="sort">
            <InputNumber min={0} max={10000} />
          </Form.Item>
        </Space>
        <Form.Item label="截止时间（北京时间）" name="due">
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="前往链接（站内路径）" name="target_path">
          <Input placeholder="/scene-form/basic" />
        </Form.Item>
        <Space wrap>
          <Form.Item label="方向（留空为全部）" name="track">
            <Input placeholder="如 商业经济" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item label="批次" name="batch">
            <Select style={{ width: 140 }} options={[{ value: null, label: '全部批次' }, ...(['EB1', 'EB2', 'RD'] as const).map((b) => ({ value: b, label: BATCH_LABELS[b] }))]} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function ProgressCard() {
  const qc = useQueryClient();
  const [filter, setFilter] = useState<ProgressFilter>({});
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [composing, setComposing] = useState(false);
  const [health, setHealth] = useState<AdminHealthRecord | null>(null);
  const progress = useQuery({ queryKey: CHECKLIST_ADMIN_KEYS.progress(filter), queryFn: ({ signal }) => fetchProgress(filter, signal), placeholderData: keepPreviousData });
  // The health grant is an administrator's (staff.manage, decision 063): staff (type 4) do not ask for it.
  const perms = useQuery({ queryKey: CHECKLIST_ADMIN_KEYS.permissions, queryFn: ({ signal }) => fetchPermissions(signal), enabled: useCanManageStaff() });
  const toggle = useMutation({
    mutationFn: waive,
    onSuccess: (_d, v) => (void qc.invalidateQueries({ queryKey: ['admin', 'checklist', 'progress'] }), void message.success(v.waived ? '已豁免' : '已取消豁免')),
  });
  const openHealth = useMutation({ mutationFn: fetchHealth, onSuccess: setHealth });
  const [forms, setForms] = useState<Awaited<ReturnType<typeof fetchForms>> | null>(null);
  const openForms = useMutation({ mutationFn: fetchForms, onSuccess: setForms });

  if (progress.isPending) return <Card title="完成情况"><LoadingState /></Card>;
  if (progress.isError) return <Card title="完成情况"><ErrorState onRetry={() => void progress.refetch()} /></Card>;
  const data = progress.data;
  const canReadHealth = perms.data?.me.health_read === true;

  const itemColumns: TableColumnsType<ChecklistStudentRow> = data.items.map((item) => ({
    title: item.title,
    key: `i${item.id}`,
    width: 120,
    render: (_: unknown, row: ChecklistStudentRow) => {
      const st = row.states[String(item.id)];
      if (!st) return <span className="admin-muted">不适用</span>;
      return (
        <Popconfirm title={st === 'waived' ? '取消豁免？' : `为 ${row.name} 豁免「${item.title}」？`} onConfirm={() => toggle.mutate({ student_id: row.student_id, item_id: item.id, waived: st !== 'waived' })}>
          <Tag color={STATE_COLOR[st]} style={{ cursor: 'pointer' }} data-testid={`state-${row.student_id}-${item.id}`}>{CHECKLIST_STATE_LABELS[st]}</Tag>
        </Popconfirm>
      );
    },
  }));
  const columns: TableColumnsType<ChecklistStudentRow> = [
    { title: '学生', key: 'name', fixed: 'left', width: 140, render: (_: unknown, r) => (<span>{r.name || '—'}<br /><span className="admin-muted">{r.phone}</span></span>) },
    { title: '完成', key: 'progress', width: 80, render: (_: unknown, r) => <span data-testid={`progress-${r.student_id}`}>{`${r.done}/${r.total}`}</span> },
    ...itemColumns,
    { title: '表单与材料', key: 'forms', width: 80, render: (_: unknown, r: ChecklistStudentRow) => <Button size="small" onClick={() => openForms.mutate(r.student_id)}>查看</Button> },
    ...(canReadHealth ? [{ title: '健康信息', key: 'health', width: 100, render: (_: unknown, r: ChecklistStudentRow) => <Button size="small" onClick={() => openHealth.mutate(r.student_id)}>查看</Button> }] : []),
  ];

  return (
    <Card
      title="完成情况"
      extra={
        <Space wrap>
          <Button onClick={() => void downloadXlsx('/admin/checklist/export', progressQuery(filter), '入学清单.xlsx').catch(() => undefined)}>导出 Excel</Button>
          <Button onClick={() => void downloadXlsx('/admin/onboarding/addresses/export', {}, '邮寄地址.xlsx').catch(() => undefined)}>导出邮寄地址</Button>
        </Space>
      }
    >
      <Table
        rowKey="item_id"
        size="small"
        pagination={false}
        dataSource={data.by_item}
        scroll={{ x: 480 }}
        locale={{ emptyText: '尚未定义事项' }}
        columns={[
          { title: '事项', dataIndex: 'title' },
          { title: '已完成', dataIndex: 'done' },
          { title: '待完成', dataIndex: 'todo' },
          { title: '已逾期', dataIndex: 'late', render: (v: number) => (v > 0 ? <Tag color="red">{v}</Tag> : v) },
          { title: '已豁免', dataIndex: 'waived' },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Checkbox checked={filter.behind === '1'} onChange={(e) => setFilter(({ behind: _b, ...rest }) => (e.target.checked ? { ...rest, behind: '1' } : rest))}>
          仅看有逾期的学生
        </Checkbox>
        <EnumFilterSelect
          label="按事项筛选"
          style={{ width: 200 }}
          placeholder="某事项未完成"
          value={filter.item_id}
          onChange={(v: number | undefined) => setFilter(({ item_id: _i, ...rest }) => (v ? { ...rest, item_id: v } : rest))}
          options={data.items.map((i) => ({ value: i.id, label: `${i.title} 未完成` }))}
        />
        <Input.Search aria-label="搜索学生" placeholder="姓名或手机" allowClear value={keyword} onChange={(e) => setKeyword(e.target.value)} onSearch={(q) => setFilter(({ q: _q, ...rest }) => (q.trim() ? { ...rest, q: q.trim() } : rest))} style={{ width: 200 }} />
        <Button type="primary" disabled={selected.length === 0} onClick={() => setComposing(true)}>
          发送站内通知（{selected.length}）
        </Button>
      </Space>
      <Table
        rowKey="student_id"
        size="small"
        columns={columns}
        dataSource={data.students}
        scroll={{ x: 240 + data.items.length * 120 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        locale={{ emptyText: '没有符合条件的学生' }}
      />
      {composing ? <MessageModal ids={selected} onClose={() => setComposing(false)} onSent={() => (setComposing(false), setSelected([]))} /> : null}
      <Modal open={forms !== null} title="入学表单" footer={null} onCancel={() => setForms(null)}>
        {forms?.forms.map((f) => (
          <Descriptions key={f.form_name} title={`${ONBOARDING_FORM_TITLES[f.form_name]}（${f.submitted_at ? `已提交 ${formatTime(f.submitted_at)}` : f.value ? '草稿' : '未填写'}）`} column={1} size="small" bordered style={{ marginBottom: 16 }}>
            {Object.entries(f.value ?? {}).map(([k, v]) => (
              <Descriptions.Item key={k} label={FORM_LABELS[k] ?? k}>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</Descriptions.Item>
            ))}
          </Descriptions>
        ))}
        {forms && forms.uploads.length > 0 ? (
          <Descriptions title="上传的材料" column={1} size="small" bordered>
            {forms.uploads.map((u) => (
              <Descriptions.Item key={u.key} label={data.items.find((i) => i.key === u.key)?.title ?? u.key}>
                <Button type="link" size="small" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => void downloadFile(u.file)}>
                  📎 {u.file.name}
                </Button>
                <span className="admin-muted">（{formatTime(u.submitted_at)}）</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : null}
      </Modal>
      <Modal open={health !== null} title="健康信息（本次查看已记入审计日志）" footer={null} onCancel={() => setHealth(null)}>
        {health?.value ? (
          <Descriptions column={1} size="small" bordered>
            {Object.entries(health.value).map(([k, v]) => (
              <Descriptions.Item key={k} label={HEALTH_LABELS[k] ?? k}>{typeof v === 'boolean' ? (v ? '是' : '否') : String(v)}</Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <p>该学生尚未填写健康信息。</p>
        )}
      </Modal>
    </Card>
  );
}

const FORM_LABELS: Record<string, string> = {
  chinese_name: '中文姓名',
  english_name: '英文名',
  gender: '性别（1 男 2 女）',
  birth_date: '出生日期',
  tshirt_size: 'T恤尺码',
  diet: '饮食要求',
  diet_note: '饮食说明',
  curriculum: '课程体系',
  schools: '学校',
  awards: '获奖与荣誉',
  recipient: '收件人',
  phone: '收件电话',
  area: '地区编码',
  area_str: '所在地区',
  detail: '详细地址',
  postcode: '邮编',
};

const HEALTH_LABELS: Record<string, string> = {
  conditions: '既往病史',
  allergies: '过敏',
  medication: '用药',
  emergency_name: '紧急联系人',
  emergency_relation: '关系',
  emergency_phone: '紧急联系电话',
  guardian_name: '监护人',
  guardian_signed_on: '签字日期',
  guardian_confirm: '监护人确认',
};

function MessageModal({ ids, onClose, onSent }: { ids: number[]; onClose: () => void; onSent: () => void }) {
  const [form] = Form.useForm<{ title: string; body: string }>();
  const send = useMutation({ mutationFn: messageStudents, onSuccess: (r) => (void message.success(`已发送站内通知给 ${r.sent} 名学生`), onSent()) });
  return (
    <Modal open title={`发送站内通知（${ids.length} 名学生）`} onCancel={onClose} okText="发送" cancelText="取消" confirmLoading={send.isPending}
      onOk={() => void form.validateFields().then((v) => send.mutate({ student_ids: ids, ...v }))}>
      <Form form={form} layout="vertical" initialValues={{ title: '入学清单提醒', body: '' }}>
        <Form.Item label="标题" name="title" rules={[{ required: true, message: '输入框不能为空' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item label="内容" name="body" rules={[{ required: true, message: '未填写' }]}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 3 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The teacher info the console already loaded (same query key): does this teacher manage staff and grants? */
function useCanManageStaff(): boolean {
  const info = useQuery({ queryKey: ADMIN_KEYS.teacher, queryFn: ({ signal }) => fetchTeacherInfo({ signal }) });
  return info.data?.permissions.includes('staff.manage') === true;
}

function PermissionsCard() {
  const qc = useQueryClient();
  const perms = useQuery({ queryKey: CHECKLIST_ADMIN_KEYS.permissions, queryFn: ({ signal }) => fetchPermissions(signal) });
  const set = useMutation({ mutationFn: (v: { id: number; on: boolean }) => setHealthRead(v.id, v.on), onSuccess: (data) => (qc.setQueryData(CHECKLIST_ADMIN_KEYS.permissions, data), void message.success('保存成功')) });
  return (
    <Card title="健康信息查看权限" extra={<span className="admin-muted">授予与收回均记入审计日志</span>}>
      {perms.isPending ? <LoadingState /> : perms.isError ? <ErrorState onRetry={() => void perms.refetch()} /> : (
        <Table rowKey="account_id" size="small" pagination={false} dataSource={perms.data.items}
          columns={[
            { title: '管理员', dataIndex: 'name' },
            { title: '手机', dataIndex: 'phone' },
            { title: '可查看健康信息', key: 'h', render: (_: unknown, r) => <Switch aria-label={`${r.name} 健康信息查看`} checked={r.health_read} loading={set.isPending && set.variables?.id === r.account_id} onChange={(on) => set.mutate({ id: r.account_id, on })} /> },
          ]} />
      )}
    </Card>
  );
}
