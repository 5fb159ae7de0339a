import '../shell/ops.css';
import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Select, Switch, Tag, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { SEMINAR_ROLE_LABELS, SEMINAR_SIGNUP_STATUSES, SEMINAR_SIGNUP_STATUS_LABELS, type AdminSeminar, type AdminSeminarSignup, type Counsellor, type SeminarSignupStatus } from '@summit/domain/api/wecom-seminar';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { searchSchools } from '../../../components/region-data.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { ADMIN_KEYS, fetchProvinces, fetchTeacherInfo } from '../shell/admin-api.ts';
import { beijingWallClockToIso, formatTime } from '../shell/admin-format.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { ExportButton, sheetQuery } from '../shell/export-button.tsx';
import { usePagedList } from '../shell/use-paged-list.ts';
import { WS_KEYS, fetchAdminSeminars, fetchCounsellors, fetchSeminarSignups, saveCounsellor, saveSeminar } from './wecom-seminar-api.ts';

const COUNSELLOR_FIELDS = ['name', 'wecom_userid', 'intro', 'capacity', 'active', 'province_ids', 'school_ids'] as const;
const SEMINAR_FIELDS = ['title', 'description', 'location', 'starts_at', 'open'] as const;

type CounsellorForm = { name: string; wecom_userid: string; intro?: string; capacity: number; active: boolean; province_ids?: number[]; school_ids?: Array<{ value: number; label: string }> };
type SeminarForm = { title: string; description?: string; location?: string; starts_at: Dayjs; open: boolean };

/** Schools to cover: search by name, several at once. */
function SchoolPicker({ value, onChange, id }: { value?: Array<{ value: number; label: string }>; onChange?: (v: Array<{ value: number; label: string }>) => void; id?: string }) {
  const [term, setTerm] = useState('');
  const found = useQuery({ queryKey: ['admin', 'wecom-seminar', 'schools', term], queryFn: ({ signal }) => searchSchools({ country_id: 1, name: term }, signal), enabled: term.trim().length > 0 });
  return (
    <Select
      id={id}
      mode="multiple"
      labelInValue
      showSearch
      filterOption={false}
      value={value ?? []}
      onChange={(v) => onChange?.(v as Array<{ value: number; label: string }>)}
      onSearch={setTerm}
      placeholder="输入学校名称搜索"
      notFoundContent={term ? (found.isFetching ? '搜索中…' : '没有找到') : '输入学校名称搜索'}
      options={(found.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}

/**
 * 说明会顾问 (decision 099): the counsellors with the provinces and schools they cover and their capacity (the
 * assignment rules), the seminars, and every sign-up with its counsellor and whether it added them on WeCom.
 */
export default function WecomSeminarTab() {
  const isPhone = useIsPhone();
  const queryClient = useQueryClient();
  const [toast, toastHolder] = message.useMessage();
  const info = useQuery({ queryKey: ADMIN_KEYS.teacher, queryFn: ({ signal }) => fetchTeacherInfo({ signal }) });
  const canEdit = (info.data?.permissions ?? []).includes('admissions.decide');
  const counsellors = useQuery({ queryKey: WS_KEYS.counsellors, queryFn: ({ signal }) => fetchCounsellors(signal) });
  const seminars = useQuery({ queryKey: WS_KEYS.seminars, queryFn: ({ signal }) => fetchAdminSeminars(signal) });
  const provinces = useQuery({ queryKey: ['admin', 'provinces'], queryFn: ({ signal }) => fetchProvinces({ signal }) });

  const [editingCounsellor, setEditingCounsellor] = useState<Counsellor | 'new' | null>(null);
  const [editingSeminar, setEditingSeminar] = useState<AdminSeminar | 'new' | null>(null);
  const [cForm] = Form.useForm<CounsellorForm>();
  const [sForm] = Form.useForm<SeminarForm>();

  const [filter, setFilter] = useState<{ seminar_id?: number; counsellor_id?: number; status?: SeminarSignupStatus; q?: string }>({});
  const { setPage, list, pagination } = usePagedList({ filter, queryKey: (q) => WS_KEYS.signups(q), fetch: (q, signal) => fetchSeminarSignups(q, signal) });
  const changeFilter = (next: typeof filter) => {
    setFilter(next);
    setPage(1);
  };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: WS_KEYS.all });
  const saveC = useMutation({
    mutationFn: (v: CounsellorForm) =>
      saveCounsellor(
        editingCounsellor === 'new' || editingCounsellor === null ? null : editingCounsellor.id,
        { name: v.name, wecom_userid: v.wecom_userid, intro: v.intro ?? '', capacity: v.capacity, active: v.active, province_ids: v.province_ids ?? [], school_ids: (v.school_ids ?? []).map((s) => s.value) },
        COUNSELLOR_FIELDS,
      ),
    onSuccess: (c) => {
      void toast.success(`已保存顾问：${c.name}`);
      setEditingCounsellor(null);
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) cForm.setFields([{ name: err.field as keyof CounsellorForm, errors: [err.msg] }]);
    },
  });
  const saveS = useMutation({
    mutationFn: (v: SeminarForm) =>
      saveSeminar(
        editingSeminar === 'new' || editingSeminar === null ? null : editingSeminar.id,
        { title: v.title, description: v.description ?? '', location: v.location ?? '', starts_at: beijingWallClockToIso(v.starts_at), open: v.open },
        SEMINAR_FIELDS,
      ),
    onSuccess: (s) => {
      void toast.success(`已保存说明会：${s.title}`);
      setEditingSeminar(null);
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) sForm.setFields([{ name: err.field as keyof SeminarForm, errors: [err.msg] }]);
    },
  });

  const openCounsellor = (c: Counsellor | 'new') => {
    setEditingCounsellor(c);
    cForm.setFieldsValue(
      c === 'new'
        ? { name: '', wecom_userid: '', intro: '', capacity: 100, active: true, province_ids: [], school_ids: [] }
        : { name: c.name, wecom_userid: c.wecom_userid, intro: c.intro, capacity: c.capacity, active: c.active, province_ids: c.provinces.map((p) => p.id), school_ids: c.schools.map((s) => ({ value: s.id, label: s.name })) },
    );
  };
  const openSeminar = (s: AdminSeminar | 'new') => {
    setEditingSeminar(s);
    sForm.setFieldsValue(
      s === 'new'
        ? { title: '', description: '', location: '', starts_at: dayjs().add(7, 'day').hour(19).minute(30).second(0), open: true }
        : { title: s.title, description: s.description, location: s.location, starts_at: dayjs(s.starts_at).tz('Asia/Shanghai'), open: s.open },
    );
  };

  let counsellorBody;
  if (counsellors.isPending) counsellorBody = <LoadingState rows={4} />;
  else if (counsellors.isError) counsellorBody = <ErrorState onRetry={() => void counsellors.refetch()} />;
  else
    counsellorBody = (
      <AdminTable<Counsellor>
        rowKey="id"
        dataSource={counsellors.data}
        pagination={false}
        locale={{ emptyText: '尚未添加顾问：报名者将无法分配顾问' }}
        columns={[
          { title: '顾问', key: 'name', render: (_v, c) => (<span>{c.name}{c.active ? null : <Tag className="ws-off">停用</Tag>}</span>) },
          { title: '企业微信账号', dataIndex: 'wecom_userid' },
          {
            title: '负责范围',
            key: 'cover',
            render: (_v, c) =>
              c.provinces.length === 0 && c.schools.length === 0 ? '通用（未被学校、省份规则覆盖的报名）' : [...c.schools.map((s) => s.name), ...c.provinces.map((p) => p.name)].join('、'),
          },
          { title: '已分配 / 上限', key: 'load', render: (_v, c) => `${c.assigned} / ${c.capacity}` },
          { title: '已添加', dataIndex: 'connected' },
          ...(canEdit ? [{ title: '操作', key: 'actions', render: (_v: unknown, c: Counsellor) => <Button size="small" onClick={() => openCounsellor(c)} aria-label={`编辑顾问 ${c.name}`}>编辑</Button> }] : []),
        ]}
      />
    );

  let seminarBody;
  if (seminars.isPending) seminarBody = <LoadingState rows={3} />;
  else if (seminars.isError) seminarBody = <ErrorState onRetry={() => void seminars.refetch()} />;
  else
    seminarBody = (
      <AdminTable<AdminSeminar>
        rowKey="id"
        dataSource={seminars.data}
        pagination={false}
        locale={{ emptyText: '暂无说明会' }}
        columns={[
          { title: '说明会', dataIndex: 'title' },
          { title: '时间', dataIndex: 'starts_at', render: (v: string) => formatTime(v) },
          { title: '地点', dataIndex: 'location' },
          { title: '报名', key: 'open', render: (_v, s) => (s.open ? <Tag color="green">开放</Tag> : <Tag>关闭</Tag>) },
          { title: '报名 / 已添加', key: 'n', render: (_v, s) => `${s.signups} / ${s.connected}` },
          ...(canEdit ? [{ title: '操作', key: 'actions', render: (_v: unknown, s: AdminSeminar) => <Button size="small" onClick={() => openSeminar(s)} aria-label={`编辑说明会 ${s.title}`}>编辑</Button> }] : []),
        ]}
      />
    );

  let signupBody;
  if (list.isPending) signupBody = <LoadingState rows={6} />;
  else if (list.isError) signupBody = <ErrorState onRetry={() => void list.refetch()} />;
  else
    signupBody = (
      <AdminTable<AdminSeminarSignup>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data.items}
        pagination={pagination}
        locale={{ emptyText: '暂无报名' }}
        columns={[
          { title: '报名者', key: 'who', render: (_v, s) => `${s.name}（${SEMINAR_ROLE_LABELS[s.role]}）` },
          { title: '手机号', dataIndex: 'phone' },
          { title: '年级', dataIndex: 'grade' },
          { title: '省份 / 学校', key: 'where', render: (_v, s) => `${s.province} · ${s.school}` },
          { title: '说明会', key: 'seminar', render: (_v, s) => s.seminar.title },
          { title: '顾问', key: 'counsellor', render: (_v, s) => s.counsellor?.name ?? '—' },
          { title: '状态', key: 'status', render: (_v, s) => <Tag color={s.status === 'connected' ? 'green' : s.status === 'assigned' ? 'blue' : 'orange'}>{SEMINAR_SIGNUP_STATUS_LABELS[s.status]}</Tag> },
          { title: '报名时间', dataIndex: 'created_at', render: (v: string) => formatTime(v) },
          { title: '添加时间', dataIndex: 'connected_at', render: (v: string | null) => formatTime(v) },
        ]}
      />
    );

  return (
    <div className="admin-ops">
      {toastHolder}
      <section className="admin-card" aria-label="顾问与分配规则">
        <div className="ops-head">
          <h2>顾问与分配规则</h2>
          {canEdit ? <Button type="primary" onClick={() => openCounsellor('new')}>新增顾问</Button> : null}
        </div>
        <p className="ops-muted">报名者按以下顺序分配：负责其学校的顾问 → 负责其省份的顾问 → 通用顾问；同一层级中分配给负载（已分配 ÷ 上限）最低的顾问，达到上限的顾问不再分配。</p>
        {counsellorBody}
      </section>
      <section className="admin-card" aria-label="说明会">
        <div className="ops-head">
          <h2>说明会</h2>
          {canEdit ? <Button onClick={() => openSeminar('new')}>新增说明会</Button> : null}
        </div>
        {seminarBody}
      </section>
      <section className="admin-card" aria-label="报名与添加情况">
        <div className="ops-head">
          <h2>报名与添加情况</h2>
          <ExportButton path="/admin/wecom-seminar/signups/export" query={sheetQuery(filter)} fileName="说明会顾问分配.xlsx" />
        </div>
        <div className="ops-form ws-filters">
          <Select aria-label="按说明会筛选" allowClear placeholder="全部说明会" className="ops-select" value={filter.seminar_id} onChange={(v: number | undefined) => changeFilter({ ...filter, seminar_id: v })} options={(seminars.data ?? []).map((s) => ({ value: s.id, label: s.title }))} />
          <Select aria-label="按顾问筛选" allowClear placeholder="全部顾问" className="ops-select" value={filter.counsellor_id} onChange={(v: number | undefined) => changeFilter({ ...filter, counsellor_id: v })} options={(counsellors.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
          <Select aria-label="按状态筛选" allowClear placeholder="全部状态" className="ops-select" value={filter.status} onChange={(v: SeminarSignupStatus | undefined) => changeFilter({ ...filter, status: v })} options={SEMINAR_SIGNUP_STATUSES.map((s) => ({ value: s, label: SEMINAR_SIGNUP_STATUS_LABELS[s] }))} />
          <Input.Search aria-label="搜索姓名、手机号或学校" placeholder="姓名、手机号或学校" allowClear className="ops-reason" onSearch={(q) => changeFilter({ ...filter, q: q.trim() || undefined })} />
        </div>
        {signupBody}
      </section>

      <Modal
        title={editingCounsellor === 'new' ? '新增顾问' : '编辑顾问'}
        open={editingCounsellor !== null}
        onCancel={() => setEditingCounsellor(null)}
        onOk={() => cForm.submit()}
        okText="保存"
        cancelText="取消"
        confirmLoading={saveC.isPending}
        forceRender
      >
        <Form form={cForm} layout="vertical" onFinish={(v) => saveC.mutate(v)}>
          <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请填写顾问姓名' }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="wecom_userid" label="企业微信账号（成员 UserID）" rules={[{ required: true, whitespace: true, message: '请填写企业微信账号' }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="intro" label="简介（报名者可见）">
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
          <Form.Item name="capacity" label="接待上限" rules={[{ required: true, message: '请填写接待上限' }]}>
            <InputNumber min={1} max={100000} precision={0} />
          </Form.Item>
          <Form.Item name="province_ids" label="负责省份">
            <Select mode="multiple" allowClear placeholder="不选：不按省份分配" optionFilterProp="label" options={(provinces.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
          </Form.Item>
          <Form.Item name="school_ids" label="负责学校（优先于省份）">
            <SchoolPicker />
          </Form.Item>
          <Form.Item name="active" label="接受分配" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        title={editingSeminar === 'new' ? '新增说明会' : '编辑说明会'}
        open={editingSeminar !== null}
        onCancel={() => setEditingSeminar(null)}
        onOk={() => sForm.submit()}
        okText="保存"
        cancelText="取消"
        confirmLoading={saveS.isPending}
        forceRender
      >
        <Form form={sForm} layout="vertical" onFinish={(v) => saveS.mutate(v)}>
          <Form.Item name="title" label="名称" rules={[{ required: true, whitespace: true, message: '请填写说明会名称' }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="starts_at" label="开始时间（北京时间）" rules={[{ required: true, message: '请选择开始时间' }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: isPhone ? '100%' : 240 }} />
          </Form.Item>
          <Form.Item name="location" label="地点或形式">
            <Input maxLength={60} placeholder="如：线上（腾讯会议）" />
          </Form.Item>
          <Form.Item name="description" label="介绍">
            <Input.TextArea maxLength={1000} rows={3} />
          </Form.Item>
          <Form.Item name="open" label="开放报名" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
