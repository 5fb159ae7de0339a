import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Button, Card, Checkbox, DatePicker, Form, Input, Popconfirm, Radio, Select, Space, Table, Tag, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useLocation } from 'react-router';
import { MESSAGE_BATCHES, MESSAGE_BATCH_LABELS, MESSAGE_STATUS_LABELS, type AdminMessage, type MessageFormat, type MessageInput, type SegmentFilter } from '@summit/domain/api/messages';
import { SIGNUP_STATUS_LABELS } from '@summit/domain/api/school';
import { SESSION_KEYS, SESSION_NAMES } from '@summit/domain/programme-terms';
import { SIGNUP_STATUSES } from '@summit/domain/student-status';
import { ExportButton, sheetQuery } from '../shell/export-button.tsx';
import { regionChildrenQuery } from '../../../components/region-data.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { fetchHouses, fetchVenues, STRUCTURE_KEYS } from '../courses/structure-api.ts';
import { MESSAGE_ADMIN_KEYS, countRecipients, deleteMessage, deleteSegment, fetchMessages, fetchSegments, saveSegment, sendMessage, updateMessage } from './messages-admin-api.ts';
import { formatTime } from '../shell/admin-format.ts';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';
import { useKeyboardScroller } from '../../../components/keyboard-scroller.ts';

const RichTextEditor = lazy(() => import('../../../components/rich-text-editor.tsx'));

interface ComposeValues {
  title: string;
  format: MessageFormat;
  text: string;
  sms: boolean;
  mode: 'now' | 'later';
  send_at?: Dayjs;
}

/** Only the fields that narrow (the API drops the others too). */
const cleanFilter = (f: SegmentFilter): SegmentFilter => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== null && v !== undefined)) as SegmentFilter;

/** /admin/messages — compose to a segment, preview its size, send now or schedule; every message's delivered/read counts. */
export default function MessagesTab() {
  // The sent list scrolls sideways on a phone and a sent message's row may hold no control: reachable from the keyboard.
  const sentRef = useRef<HTMLDivElement>(null);
  useKeyboardScroller(sentRef, '已发消息');
  const qc = useQueryClient();
  const [form] = Form.useForm<ComposeValues>();
  // 学生管理's 发消息 opens this tab with its selection or filter as the segment (decision 062).
  const fromStudents = (useLocation().state as { filter?: SegmentFilter } | null)?.filter ?? null;
  const [filter, setFilter] = useState<SegmentFilter>(() => fromStudents ?? {});
  const [segmentId, setSegmentId] = useState<number | null>(null);
  const [segmentName, setSegmentName] = useState('');
  const [html, setHtml] = useState('');
  const [editing, setEditing] = useState<AdminMessage | null>(null);
  const format = Form.useWatch('format', form) ?? 'text';
  const mode = Form.useWatch('mode', form) ?? 'now';

  const clean = useMemo(() => cleanFilter(filter), [filter]);
  const messages = useQuery({ queryKey: MESSAGE_ADMIN_KEYS.messages, queryFn: ({ signal }) => fetchMessages(signal) });
  const segments = useQuery({ queryKey: MESSAGE_ADMIN_KEYS.segments, queryFn: ({ signal }) => fetchSegments(signal) });
  const venues = useQuery({ queryKey: STRUCTURE_KEYS.venues, queryFn: ({ signal }) => fetchVenues({ signal }) });
  const houses = useQuery({ queryKey: STRUCTURE_KEYS.houses, queryFn: ({ signal }) => fetchHouses({ signal }) });
  const provinces = useQuery(regionChildrenQuery('states', 1));
  const count = useQuery({ queryKey: MESSAGE_ADMIN_KEYS.count(clean), queryFn: ({ signal }) => countRecipients(clean, signal) });

  const refresh = () => void qc.invalidateQueries({ queryKey: MESSAGE_ADMIN_KEYS.messages });
  const reset = () => {
    form.resetFields();
    setHtml('');
    setEditing(null);
  };
  const submit = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MessageInput }) => (id === null ? sendMessage(body) : updateMessage(id, body)),
    onSuccess: (m) => {
      void message.success(m.status === 'sent' ? `已发送给 ${m.recipients ?? 0} 名学生` : `已预约，将于 ${formatTime(m.send_at)} 发送`);
      reset();
      refresh();
    },
  });
  const remove = useMutation({ mutationFn: deleteMessage, onSuccess: () => (void message.success('已删除'), refresh()) });
  const addSegment = useMutation({
    mutationFn: () => saveSegment(segmentName.trim(), clean),
    onSuccess: (s) => {
      void message.success('分组已保存');
      setSegmentName('');
      setSegmentId(s.id);
      void qc.invalidateQueries({ queryKey: MESSAGE_ADMIN_KEYS.segments });
    },
  });
  const dropSegment = useMutation({
    mutationFn: deleteSegment,
    onSuccess: () => (setSegmentId(null), void qc.invalidateQueries({ queryKey: MESSAGE_ADMIN_KEYS.segments })),
  });

  const set = (patch: Partial<SegmentFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setSegmentId(null);
  };
  const pickSegment = (id: number | null) => {
    setSegmentId(id);
    const s = segments.data?.find((x) => x.id === id);
    setFilter(s ? { ...s.filter } : {});
  };
  const edit = (m: AdminMessage) => {
    setEditing(m);
    setFilter({ ...m.filter });
    setSegmentId(m.segment_id);
    setHtml(m.format === 'html' ? m.body : '');
    form.setFieldsValue({ title: m.title, format: m.format, text: m.format === 'text' ? m.body : '', sms: m.sms, mode: 'later', send_at: dayjs(m.send_at) });
  };
  const onFinish = (v: ComposeValues) => {
    const body: MessageInput = {
      title: v.title,
      body: v.format === 'html' ? html : v.text,
      format: v.format,
      filter: clean,
      segment_id: segmentId,
      sms: v.sms,
      send_at: v.mode === 'later' && v.send_at ? v.send_at.toISOString() : null,
    };
    submit.mutate({ id: editing?.id ?? null, body });
  };

  const columns: TableColumnsType<AdminMessage> = [
    { title: '标题', dataIndex: 'title' },
    { title: '分组', render: (_, m) => m.segment_name ?? (Object.keys(m.filter).length === 0 ? '全部学生' : '自定义') },
    { title: '状态', render: (_, m) => <Tag color={m.status === 'sent' ? 'green' : 'blue'}>{MESSAGE_STATUS_LABELS[m.status]}</Tag> },
    { title: '发送时间', render: (_, m) => formatTime(m.sent_at ?? m.send_at) },
    { title: '收件人', render: (_, m) => m.recipients ?? '—' },
    { title: '送达', dataIndex: 'delivered' },
    { title: '已读', render: (_, m) => <span data-testid={`message-read-${m.id}`}>{m.read}</span> },
    { title: '短信', render: (_, m) => (m.sms ? `${m.sms_sent}/${m.sms_queued}` : '不发送') },
    {
      title: '操作',
      render: (_, m) =>
        m.status === 'scheduled' ? (
          <Space>
            <Button size="small" onClick={() => edit(m)}>
              修改
            </Button>
            <Popconfirm title="删除这条预约消息？" onConfirm={() => remove.mutate(m.id)}>
              <Button size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <div className="admin-messages">
      <Card title={editing ? `修改预约消息：${editing.title}` : '发送消息'} size="small">
        <Form layout="vertical" className="admin-messages__segment">
          <Form.Item label="已保存的分组">
            <Space wrap>
              <Select
                aria-label="已保存的分组"
                style={{ minWidth: 200 }}
                allowClear
                placeholder="选择分组或在下方设置条件"
                value={segmentId}
                onChange={(v?: number) => pickSegment(v ?? null)}
                options={(segments.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              />
              {segmentId !== null ? (
                <Popconfirm title="删除这个分组？已发送的消息保留分组名称。" onConfirm={() => dropSegment.mutate(segmentId)}>
                  <Button size="small">删除分组</Button>
                </Popconfirm>
              ) : null}
            </Space>
          </Form.Item>
          <Space wrap align="start">
            <Form.Item label="批次">
              <EnumFilterSelect label="批次" placeholder="不限" style={{ width: 140 }} value={filter.batch} onChange={(v) => set({ batch: v ?? null })} keys={MESSAGE_BATCHES} labels={MESSAGE_BATCH_LABELS} />
            </Form.Item>
            <Form.Item label="申请进度">
              <EnumFilterSelect label="申请进度" placeholder="不限" style={{ width: 150 }} value={filter.signup_status} onChange={(v) => set({ signup_status: v ?? null })} keys={SIGNUP_STATUSES} labels={SIGNUP_STATUS_LABELS} />
            </Form.Item>
            <Form.Item label="学费">
              <Select
                aria-label="学费" placeholder="不限"
                allowClear
                style={{ width: 110 }}
                value={filter.tuition_paid == null ? null : filter.tuition_paid ? 'paid' : 'unpaid'}
                onChange={(v?: string) => set({ tuition_paid: v == null ? null : v === 'paid' })}
                options={[
                  { value: 'paid', label: '已缴' },
                  { value: 'unpaid', label: '未缴' },
                ]}
              />
            </Form.Item>
            <Form.Item label="期次">
              <EnumFilterSelect label="期次" placeholder="不限" style={{ width: 110 }} value={filter.session} onChange={(v) => set({ session: v ?? null })} keys={SESSION_KEYS} labels={SESSION_NAMES} />
            </Form.Item>
            <Form.Item label="会场">
              <EnumFilterSelect label="会场" placeholder="不限" style={{ width: 140 }} value={filter.venue_id} onChange={(v) => set({ venue_id: v ?? null })} options={(venues.data ?? []).map((v) => ({ value: v.id, label: v.name }))} />
            </Form.Item>
            <Form.Item label="学院">
              <EnumFilterSelect label="学院" placeholder="不限" style={{ width: 140 }} value={filter.house_id} onChange={(v) => set({ house_id: v ?? null })} options={(houses.data ?? []).map((h) => ({ value: h.id, label: h.name }))} />
            </Form.Item>
            <Form.Item label="省份">
              <Select
                aria-label="省份" placeholder="不限"
                allowClear
                showSearch
                optionFilterProp="label"
                style={{ width: 140 }}
                value={filter.province_id ?? null}
                onChange={(v) => set({ province_id: v ?? null })}
                options={(provinces.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          </Space>
          {filter.user_ids?.length || filter.q || filter.stage || filter.tag || filter.active_type || filter.school_id ? (
            <p data-testid="message-students-filter">
              {filter.user_ids?.length ? `来自学生管理：已选 ${filter.user_ids.length} 名学生` : '来自学生管理的筛选条件'}
              <Button size="small" type="link" onClick={() => set({ user_ids: null, q: null, stage: null, tag: null, active_type: null, school_id: null })}>
                清除
              </Button>
            </p>
          ) : null}
          <Space wrap>
            <strong data-testid="message-recipient-count">{count.isPending ? '计算中…' : count.isError ? '无法计算收件人数' : `收件人：${count.data.count} 名学生`}</strong>
            <Input aria-label="分组名称" placeholder="分组名称" style={{ width: 160 }} value={segmentName} maxLength={30} onChange={(e) => setSegmentName(e.target.value)} />
            <Button onClick={() => addSegment.mutate()} disabled={segmentName.trim() === ''} loading={addSegment.isPending}>
              保存为分组
            </Button>
          </Space>
        </Form>

        <Form<ComposeValues> form={form} name="message" layout="vertical" initialValues={{ format: 'text', sms: true, mode: 'now' }} onFinish={onFinish} style={{ marginTop: 16 }}>
          <Form.Item label="标题" name="title" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item label="格式" name="format">
            <Radio.Group
              options={[
                { value: 'text', label: '纯文本' },
                { value: 'html', label: '富文本' },
              ]}
            />
          </Form.Item>
          {format === 'html' ? (
            <Form.Item label="内容" required>
              <Suspense fallback={<LoadingState rows={3} />}>
                <RichTextEditor value={html} onChange={setHtml} label="内容" />
              </Suspense>
            </Form.Item>
          ) : (
            <Form.Item label="内容" name="text" rules={[{ required: true, whitespace: true, message: '请填写内容' }]}>
              <Input.TextArea rows={5} maxLength={20000} />
            </Form.Item>
          )}
          <Form.Item name="sms" valuePropName="checked">
            <Checkbox>同时给开启短信提醒的学生发送短信（短信只含标题，正文请在网站“消息”中查看）</Checkbox>
          </Form.Item>
          <Space wrap align="start">
            <Form.Item label="发送时间" name="mode">
              <Radio.Group
                options={[
                  { value: 'now', label: '立即发送' },
                  { value: 'later', label: '预约发送' },
                ]}
              />
            </Form.Item>
            {mode === 'later' ? (
              <Form.Item label="预约时间（北京时间）" name="send_at" rules={[{ required: true, message: '请选择预约时间' }]}>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
              </Form.Item>
            ) : null}
          </Space>
          <Space>
            <Button type="primary" htmlType="submit" loading={submit.isPending} disabled={count.data?.count === 0}>
              {editing ? '保存修改' : mode === 'later' ? '预约发送' : '发送'}
            </Button>
            {editing ? <Button onClick={reset}>取消修改</Button> : null}
          </Space>
        </Form>
      </Card>

      <Card title="已发消息" size="small" style={{ marginTop: 16 }}>
        {messages.isPending ? (
          <LoadingState rows={4} />
        ) : messages.isError ? (
          <ErrorState onRetry={() => void messages.refetch()} />
        ) : messages.data.length === 0 ? (
          <EmptyState description="还没有发送过消息" />
        ) : (
          <div ref={sentRef}>
            <Table rowKey="id" size="small" columns={columns} dataSource={messages.data} pagination={{ pageSize: 20 }} scroll={{ x: 760 }} />
          </div>
        )}
        <Space style={{ marginTop: 8 }} wrap>
          <Button size="small" onClick={refresh}>
            刷新
          </Button>
          <ExportButton path="/admin/messages/export" fileName="消息.xlsx" />
        </Space>
      </Card>
    </div>
  );
}
