import '../shell/ops.css';
import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Radio, Select, Switch, Tag, Typography, message } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STAFF_NAME_MAX, type StaffAccount, type StaffCreateRequest, type StaffKind, type StaffSaved, type StaffUpdateRequest } from '@summit/domain/api/staff';
import { MSG } from '@summit/domain/messages';
import { TEACHER_TYPES, TEACHER_TYPE_VALUES } from '@summit/domain/roles';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { SchoolSelect, type SchoolValue } from '../../../components/school-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { formatTime } from '../shell/admin-format.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { STAFF_ADMIN_KEYS, createStaff, fetchStaff, updateStaff } from './staff-admin-api.ts';
import { usePagedList } from '../shell/use-paged-list.ts';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';
import { StaffWecomCell } from './staff-wecom-cell.tsx';

const TYPE_OPTIONS = TEACHER_TYPE_VALUES.map((v) => ({ value: v, label: TEACHER_TYPES[v] }));

type CreateForm = { kind: StaffKind; phone?: string; name?: string; type?: number; is_admin?: boolean; school?: SchoolValue };
type EditForm = { name?: string; type?: number; is_admin?: boolean };

/** What the account is, in one phrase: a teacher type (管理员 when it holds every permission), or the school. */
function kindLabel(a: StaffAccount): string {
  if (a.kind === 'school') return `学校账号 · ${a.school_name ?? '未绑定学校'}`;
  const type = TEACHER_TYPES[a.type as keyof typeof TEACHER_TYPES] ?? '教师';
  return a.is_admin && a.type !== 9 ? `${type}（管理员）` : type;
}

/** 员工账号: teachers of every type and school accounts; create, change type, disable, reset password (decision 063). */
export default function StaffTab() {
  const isPhone = useIsPhone();
  const queryClient = useQueryClient();
  const [toast, toastHolder] = message.useMessage();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<StaffKind | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffAccount | null>(null);
  const [shown, setShown] = useState<StaffSaved | null>(null);
  const [createForm] = Form.useForm<CreateForm>();
  const [editForm] = Form.useForm<EditForm>();
  const createKind = Form.useWatch('kind', createForm) ?? 'teacher';

  const { setPage, list, pagination } = usePagedList({ filter: { ...(search ? { q: search } : {}), ...(kind ? { kind } : {}) }, queryKey: STAFF_ADMIN_KEYS.list, fetch: fetchStaff });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: STAFF_ADMIN_KEYS.all });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };

  const create = useMutation({
    mutationFn: (body: StaffCreateRequest) => createStaff(body),
    onSuccess: (saved) => {
      setCreating(false);
      createForm.resetFields();
      setShown(saved);
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) createForm.setFields([{ name: (err.field === 'school_id' ? 'school' : err.field) as keyof CreateForm, errors: [err.msg] }]);
    },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: StaffUpdateRequest }) => updateStaff(id, body),
    onSuccess: (saved, { body }) => {
      setEditing(null);
      if (saved.password) setShown(saved);
      else void toast.success(body.disabled === true ? `已停用 ${saved.account.name}，其登录已全部退出` : body.disabled === false ? `已启用 ${saved.account.name}` : '已保存');
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) editForm.setFields([{ name: err.field as keyof EditForm, errors: [err.msg] }]);
      else if (err instanceof ApiError) void toast.error(err.msg);
    },
  });

  const submitCreate = (v: CreateForm) =>
    create.mutate({
      kind: v.kind,
      phone: (v.phone ?? '').trim(),
      name: (v.name ?? '').trim(),
      ...(v.kind === 'teacher' ? { type: v.type as StaffCreateRequest['type'], is_admin: v.is_admin ?? false } : { school_id: v.school?.school_id ?? undefined }),
    } as StaffCreateRequest);
  const openEdit = (a: StaffAccount) => {
    setEditing(a);
    editForm.setFieldsValue({ name: a.name, type: a.type ?? undefined, is_admin: a.is_admin });
  };
  const submitEdit = (v: EditForm) => {
    if (!editing) return;
    const body: StaffUpdateRequest = { name: (v.name ?? '').trim(), ...(editing.kind === 'teacher' ? { type: v.type as StaffUpdateRequest['type'], is_admin: v.is_admin ?? false } : {}) };
    update.mutate({ id: editing.id, body });
  };

  let body;
  if (list.isPending) body = <LoadingState rows={6} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else
    body = (
      <AdminTable<StaffAccount>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data.items}
        locale={{ emptyText: search || kind ? '没有符合条件的账号' : '暂无账号' }}
        pagination={{ ...pagination, showTotal: (n) => `共 ${n} 个` }}
        columns={[
          { title: '姓名', dataIndex: 'name', render: (v: string, a) => <span data-testid={`staff-${a.phone}`}>{v || '—'}</span> },
          { title: '手机', dataIndex: 'phone' },
          { title: '类型', key: 'kind', render: (_v, a) => kindLabel(a) },
          { title: '状态', key: 'state', render: (_v, a) => (a.disabled ? <Tag>已停用</Tag> : <Tag color="green">正常</Tag>) },
          { title: '企业微信', key: 'wecom', render: (_v, a) => <StaffWecomCell account={a} /> },
          { title: '创建时间', dataIndex: 'created_at', render: (v: string) => formatTime(v) },
          {
            title: '操作',
            key: 'actions',
            render: (_v, a) => (
              <span className="ops-actions">
                <Button size="small" onClick={() => openEdit(a)}>编辑</Button>
                <Popconfirm
                  title={a.disabled ? `启用 ${a.name}？` : `停用 ${a.name}？其所有登录设备将立即退出。`}
                  okText={a.disabled ? '启用' : '停用'}
                  cancelText="取消"
                  onConfirm={() => update.mutate({ id: a.id, body: { disabled: !a.disabled } })}
                >
                  <Button size="small" danger={!a.disabled}>{a.disabled ? '启用' : '停用'}</Button>
                </Popconfirm>
                <Popconfirm title={`为 ${a.name} 生成新密码？旧密码失效，其所有登录设备将退出。`} okText="重置" cancelText="取消" onConfirm={() => update.mutate({ id: a.id, body: { reset_password: true } })}>
                  <Button size="small">重置密码</Button>
                </Popconfirm>
              </span>
            ),
          },
        ]}
      />
    );

  return (
    <div className="admin-ops">
      {toastHolder}
      <section className="admin-card" aria-label="员工账号">
        <div className="ops-head">
          <h2>员工账号</h2>
          <Button type="primary" onClick={() => setCreating(true)} block={isPhone}>
            新建账号
          </Button>
        </div>
        <p className="ops-muted">教师、助教、CSL、工作人员、管理员与学校账号。工作人员可使用学生管理、入学清单、签到、学院杯、消息、成绩、出勤和工时；录取、费用、页面内容、数据分析、操作日志、完整证件号和员工账号仅限管理员。</p>
        <div className="staff-toolbar">
          <Input.Search
            className="ops-reason"
            allowClear
            placeholder="姓名、手机号或学校"
            aria-label="搜索账号"
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
          />
          <EnumFilterSelect
            className="ops-select"
            placeholder="全部账号"
            label="账号类别"
            value={kind}
            onChange={(v: StaffKind | undefined) => {
              setKind(v);
              setPage(1);
            }}
            options={[
              { value: 'teacher', label: '教师账号' },
              { value: 'school', label: '学校账号' },
            ]}
          />
        </div>
        {body}
      </section>

      <Modal open={creating} title="新建账号" okText="创建" cancelText="取消" okButtonProps={{ loading: create.isPending }} onCancel={() => setCreating(false)} onOk={() => createForm.submit()} destroyOnHidden forceRender>
        <Form form={createForm} layout="vertical" initialValues={{ kind: 'teacher', type: 1, is_admin: false }} onFinish={submitCreate}>
          <Form.Item name="kind" label="账号类别">
            <Radio.Group options={[{ value: 'teacher', label: '教师账号' }, { value: 'school', label: '学校账号' }]} optionType="button" />
          </Form.Item>
          <Form.Item name="phone" label="手机号" rules={[{ required: true, message: MSG.PHONE_REQUIRED }]}>
            <Input inputMode="numeric" maxLength={11} aria-label="手机号" placeholder="11 位手机号" />
          </Form.Item>
          <Form.Item name="name" label={createKind === 'school' ? '账号名称' : '姓名'} rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}>
            <Input maxLength={STAFF_NAME_MAX} aria-label="姓名" placeholder={createKind === 'school' ? '如：北京市第四中学招生办' : '如：王老师'} />
          </Form.Item>
          {createKind === 'teacher' ? (
            <>
              <Form.Item name="type" label="类型" rules={[{ required: true, message: '请选择账号类型' }]}>
                <Select options={TYPE_OPTIONS} aria-label="类型" />
              </Form.Item>
              <Form.Item name="is_admin" label="管理员权限" valuePropName="checked" extra="类型为“管理员”时自动拥有全部权限。">
                <Switch aria-label="管理员权限" />
              </Form.Item>
            </>
          ) : (
            <Form.Item name="school" label="学校" rules={[{ validator: (_r, v?: SchoolValue) => (v?.school_id ? Promise.resolve() : Promise.reject(new Error('请选择学校'))) }]}>
              <SchoolSelect filter={{}} />
            </Form.Item>
          )}
          <p className="ops-muted">创建后系统生成初始密码，只显示一次，请当面或通过安全渠道告诉本人。</p>
        </Form>
      </Modal>

      <Modal open={editing !== null} title={editing ? `编辑：${editing.name}` : ''} okText="保存" cancelText="取消" okButtonProps={{ loading: update.isPending }} onCancel={() => setEditing(null)} onOk={() => editForm.submit()} destroyOnHidden forceRender>
        <Form form={editForm} layout="vertical" onFinish={submitEdit}>
          <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}>
            <Input maxLength={STAFF_NAME_MAX} aria-label="编辑姓名" />
          </Form.Item>
          {editing?.kind === 'teacher' ? (
            <>
              <Form.Item name="type" label="类型" rules={[{ required: true, message: '请选择账号类型' }]}>
                <Select options={TYPE_OPTIONS} aria-label="编辑类型" />
              </Form.Item>
              <Form.Item name="is_admin" label="管理员权限" valuePropName="checked">
                <Switch aria-label="编辑管理员权限" />
              </Form.Item>
            </>
          ) : null}
        </Form>
      </Modal>

      <Modal open={shown !== null} title="初始密码（只显示这一次）" okText="我已记下" cancelButtonProps={{ style: { display: 'none' } }} onOk={() => setShown(null)} onCancel={() => setShown(null)} destroyOnHidden>
        {shown ? (
          <>
            <p>
              {shown.account.name}（{shown.account.phone}）的密码：
            </p>
            <Typography.Paragraph copyable={{ text: shown.password ?? '', tooltips: ['复制', '已复制'] }} className="staff-password" data-testid="staff-password">
              <code>{shown.password}</code>
            </Typography.Paragraph>
            <p className="ops-muted">关闭后无法再次查看；忘记时可“重置密码”。请提醒本人登录后修改密码。</p>
          </>
        ) : null}
      </Modal>
    </div>
  );
}
