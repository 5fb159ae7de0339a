import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, message } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminOfferingSchema, adminOnboardingSchema, adminSignupsSchema, limitedPaidSettingsSchema, type AdminOffering, type OfferingSaveRequest } from '@summit/domain/api/onboarding';
import { OFFERING_KINDS, OFFERING_KIND_LABELS, type OfferingKind } from '@summit/domain/onboarding';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { beijingWallClockToIso, formatTime } from '../shell/admin-format.ts';

/** 入学事项 (decision 048): majors and seats, sign-up offerings, the unlock rule, the lists. */
const base = '/admin/onboarding';
const KEYS = { all: ['admin', 'onboarding'] as const, signups: (kind: string) => ['admin', 'onboarding', 'signups', kind] as const };
const OFFERING_FIELDS = ['kind', 'title', 'description', 'capacity', 'closes_at', 'starts_at', 'duration_minutes', 'join_url'] as const;
const kindOptions = OFFERING_KINDS.map((k) => ({ value: k, label: OFFERING_KIND_LABELS[k] }));

const fetchAll = (signal?: AbortSignal) => api.get(base, { schema: adminOnboardingSchema, ...(signal ? { signal } : {}) });
const saveOffering = (id: number | null, body: OfferingSaveRequest) =>
  api.request(id === null ? `${base}/offerings` : `${base}/offerings/${id}`, { method: id === null ? 'POST' : 'PUT', body, schema: adminOfferingSchema, fieldNames: OFFERING_FIELDS });
const saveLimited = (body: { days: number; cutoff: string | null }) => api.request(`${base}/limited-paid`, { method: 'PUT', body, schema: limitedPaidSettingsSchema });
const fetchSignups = (kind: string, signal?: AbortSignal) => api.get(`${base}/signups`, { query: { kind: kind || undefined }, schema: adminSignupsSchema, ...(signal ? { signal } : {}) });

const downloadSignups = (kind: string) => downloadFile(`${base}/signups.xlsx`, { query: { kind }, expect: 'spreadsheetml', fallbackName: '入学事项报名名单.xlsx', fileName: '入学事项报名名单.xlsx' });

interface OfferingForm {
  kind: OfferingKind;
  title: string;
  description?: string;
  capacity: number;
  closes_at: Dayjs;
  starts_at?: Dayjs | null;
  duration_minutes?: number;
  join_url?: string;
}

const toBody = (v: OfferingForm): OfferingSaveRequest => ({
  kind: v.kind,
  title: v.title,
  description: v.description ?? '',
  capacity: v.capacity,
  closes_at: beijingWallClockToIso(v.closes_at),
  starts_at: v.starts_at ? beijingWallClockToIso(v.starts_at) : null,
  duration_minutes: v.duration_minutes ?? 60,
  join_url: v.join_url ? v.join_url : null,
});

const toForm = (o: AdminOffering): OfferingForm => ({
  kind: o.kind,
  title: o.title,
  description: o.description,
  capacity: o.capacity,
  closes_at: dayjs(dayjs(o.closes_at).tz('Asia/Shanghai').format('YYYY-MM-DDTHH:mm:ss')),
  starts_at: o.starts_at ? dayjs(dayjs(o.starts_at).tz('Asia/Shanghai').format('YYYY-MM-DDTHH:mm:ss')) : null,
  duration_minutes: o.duration_minutes,
  join_url: o.join_url ?? '',
});

function OfferingFields({ editing }: { editing: boolean }) {
  const kind = Form.useWatch<OfferingKind | undefined>('kind');
  return (
    <>
      <Space wrap>
        <Form.Item name="kind" label="类型" rules={[{ required: true, message: '请选择' }]}>
          <Select style={{ minWidth: 160 }} options={kindOptions} disabled={editing} />
        </Form.Item>
        <Form.Item name="capacity" label={kind === 'major' ? '专业名额' : '名额'} rules={[{ required: true, message: '请填写名额' }]}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
      </Space>
      <Form.Item name="title" label={kind === 'major' ? '专业名称' : '名称'} rules={[{ required: true, message: '输入框不能为空' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label="说明">
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="closes_at" label="报名截止（北京时间）" rules={[{ required: true, message: '请选择' }]}>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      {kind === 'info_session' || kind === 'master_class' || kind === 'podcast' ? (
        <Space wrap>
          <Form.Item name="starts_at" label="开始时间（北京时间）" rules={kind === 'info_session' ? [{ required: true, message: '请选择开始时间' }] : []}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="duration_minutes" label="时长（分钟）">
            <InputNumber min={0} max={1440} precision={0} />
          </Form.Item>
        </Space>
      ) : null}
      {kind === 'info_session' ? (
        <Form.Item name="join_url" label="入会链接（开始前 15 分钟向已报名学生显示）">
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
      ) : null}
    </>
  );
}

function CreateOfferingCard({ onSaved }: { onSaved: () => void }) {
  const [form] = Form.useForm<OfferingForm>();
  const [toast, holder] = message.useMessage();
  const create = useMutation({
    mutationFn: (v: OfferingForm) => saveOffering(null, toBody(v)),
    onSuccess: (o) => {
      void toast.success(`已新建「${o.title}」`);
      form.resetFields();
      onSaved();
    },
  });
  return (
    <section className="admin-card" aria-label="新建项目">
      {holder}
      <h2>新建项目</h2>
      <Form form={form} layout="vertical" initialValues={{ kind: 'major', capacity: 30, duration_minutes: 60 }} onFinish={(v) => create.mutate(v)}>
        <OfferingFields editing={false} />
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          新建
        </Button>
      </Form>
    </section>
  );
}

function EditOfferingModal({ offering, onClose, onSaved }: { offering: AdminOffering; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<OfferingForm>();
  const save = useMutation({ mutationFn: (v: OfferingForm) => saveOffering(offering.id, toBody({ ...v, kind: offering.kind })), onSuccess: onSaved });
  return (
    <Modal open title={`修改「${offering.title}」`} okText="保存" cancelText="取消" confirmLoading={save.isPending} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={toForm(offering)} onFinish={(v) => save.mutate(v)}>
        <OfferingFields editing />
      </Form>
    </Modal>
  );
}

function LimitedPaidCard({ value, onSaved }: { value: { days: number; cutoff: string | null }; onSaved: () => void }) {
  const [toast, holder] = message.useMessage();
  const save = useMutation({
    mutationFn: (v: { days: number; cutoff?: Dayjs | null }) => saveLimited({ days: v.days, cutoff: v.cutoff ? beijingWallClockToIso(v.cutoff) : null }),
    onSuccess: () => {
      void toast.success('保存成功');
      onSaved();
    },
  });
  return (
    <section className="admin-card" aria-label="限时解锁阅读">
      {holder}
      <h2>限时解锁阅读</h2>
      <p className="adm-muted">《录取后的积极准备》《名校须知》仅对录取后规定天数内缴清学费、或在截止日期之后缴费的学生开放；其他学生看到“录取后3天内支付才可解锁此内容”。页面文字在“页面内容”中编辑。</p>
      <Form
        layout="vertical"
        initialValues={{ days: value.days, cutoff: value.cutoff ? dayjs(dayjs(value.cutoff).tz('Asia/Shanghai').format('YYYY-MM-DDTHH:mm:ss')) : null }}
        onFinish={(v: { days: number; cutoff?: Dayjs | null }) => save.mutate(v)}
      >
        <Space wrap>
          <Form.Item name="days" label="录取后几天内缴费" rules={[{ required: true, message: '请填写' }]}>
            <InputNumber min={0} max={365} precision={0} />
          </Form.Item>
          <Form.Item name="cutoff" label="此时间后缴费亦可解锁（北京时间，可留空）">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear />
          </Form.Item>
        </Space>
        <div>
          <Button htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </div>
      </Form>
    </section>
  );
}

function SignupsCard() {
  const [kind, setKind] = useState<string>('');
  const query = useQuery({ queryKey: KEYS.signups(kind), queryFn: ({ signal }) => fetchSignups(kind, signal) });
  const exporting = useMutation({ mutationFn: () => downloadSignups(kind) });
  return (
    <section className="admin-card" aria-label="报名名单">
      <h2>报名名单</h2>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select aria-label="类型" style={{ minWidth: 160 }} value={kind} onChange={setKind} options={[{ value: '', label: '全部类型' }, ...kindOptions]} />
        <Button onClick={() => exporting.mutate()} loading={exporting.isPending}>
          导出 Excel
        </Button>
      </Space>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <Table
          size="small"
          rowKey={(r) => `${r.offering_id}-${r.student_id}`}
          dataSource={query.data.signups}
          scroll={{ x: 720 }}
          pagination={{ pageSize: 20 }}
          locale={{ emptyText: '暂无报名' }}
          columns={[
            { title: '类型', dataIndex: 'kind', render: (k: OfferingKind) => OFFERING_KIND_LABELS[k] },
            { title: '项目', dataIndex: 'offering_title' },
            { title: '姓名', dataIndex: 'name' },
            { title: '手机号', dataIndex: 'phone' },
            { title: '报名时间', dataIndex: 'signed_up_at', render: (v: string) => formatTime(v) },
          ]}
        />
      )}
    </section>
  );
}

export default function OnboardingTab() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEYS.all, queryFn: ({ signal }) => fetchAll(signal) });
  const [editing, setEditing] = useState<AdminOffering | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEYS.all });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  return (
    <div className="admin-cards">
      <section className="admin-card" aria-label="全部项目">
        <h2>专业名额与报名项目</h2>
        <Table
          size="small"
          rowKey="id"
          dataSource={query.data.offerings}
          scroll={{ x: 760 }}
          pagination={false}
          locale={{ emptyText: '尚未设置项目' }}
          columns={[
            { title: '类型', dataIndex: 'kind', render: (k: OfferingKind) => OFFERING_KIND_LABELS[k] },
            { title: '名称', dataIndex: 'title' },
            { title: '已报名 / 名额', render: (_: unknown, o: AdminOffering) => `${o.taken} / ${o.capacity}` },
            { title: '截止', dataIndex: 'closes_at', render: (v: string, o: AdminOffering) => (o.closed ? <Tag>已截止</Tag> : formatTime(v)) },
            { title: '开始', dataIndex: 'starts_at', render: (v: string | null) => formatTime(v) },
            { title: '', render: (_: unknown, o: AdminOffering) => <Button onClick={() => setEditing(o)}>修改</Button> },
          ]}
        />
      </section>
      <CreateOfferingCard onSaved={refresh} />
      <LimitedPaidCard key={JSON.stringify(query.data.limited_paid)} value={query.data.limited_paid} onSaved={refresh} />
      <SignupsCard />
      {editing ? (
        <EditOfferingModal
          offering={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </div>
  );
}
