import '../shell/ops.css';
import './community.css';
import { lazy, Suspense, useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Select, Space, Tag, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ACTIVITY_AGENDA_MAX,
  ACTIVITY_CTA_LABEL_MAX,
  ACTIVITY_KINDS,
  ACTIVITY_KIND_LABELS,
  ACTIVITY_TITLE_MAX,
  ACTIVITY_WINDOW_LABELS,
  AUDIENCE_KINDS,
  AUDIENCE_KIND_LABELS,
  isCeremonyKind,
  type ActivityKind,
  type AdminActivity,
  type AudienceKind,
} from '@summit/domain/activities';
import { SESSION_KEYS, SESSION_NAMES } from '@summit/domain/programme-terms';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { beijingWallClockToIso, formatTime } from '../shell/admin-format.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { ExportButton } from '../shell/export-button.tsx';
import { STRUCTURE_KEYS, fetchCourses, fetchHouses, fetchVenues } from '../courses/structure-api.ts';
import { ACTIVITY_ADMIN_KEYS, ACTIVITY_FIELDS, fetchActivities, fetchActivityOptions, fetchAttendance, publishActivity, saveActivity } from './activities-admin-api.ts';

const RichTextEditor = lazy(() => import('../../../components/rich-text-editor.tsx'));

interface AgendaForm {
  starts_at?: Dayjs;
  title?: string;
  speaker?: string;
  teacher_id?: number | null;
  cue?: string;
}
interface ActivityForm {
  kind: ActivityKind;
  title: string;
  opens_at?: Dayjs;
  closes_at?: Dayjs;
  audience_kind: AudienceKind;
  audience_values: string[];
  cta_label?: string;
  cta_url?: string;
  live_url?: string;
  replay_url?: string;
  agenda: AgendaForm[];
}

/** A stored instant as the Beijing wall clock the picker shows (the admin may sit in any time zone). */
const wallClockOf = (iso: string) => dayjs(dayjs(iso).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm:ss'));

const EMPTY: ActivityForm = { kind: 'opening', title: '', audience_kind: 'all', audience_values: [], agenda: [] };

function formOf(a: AdminActivity): ActivityForm {
  return {
    kind: a.kind,
    title: a.title,
    opens_at: wallClockOf(a.opens_at),
    closes_at: wallClockOf(a.closes_at),
    audience_kind: a.audience.kind,
    audience_values: a.audience.values,
    cta_label: a.cta_label,
    cta_url: a.cta_url,
    live_url: a.live_url,
    replay_url: a.replay_url,
    agenda: a.agenda.map((i) => ({ starts_at: wallClockOf(i.starts_at), title: i.title, speaker: i.speaker, teacher_id: i.teacher_id, cue: i.cue })),
  };
}

function AttendanceModal({ activity, onClose }: { activity: AdminActivity; onClose: () => void }) {
  const q = useQuery({ queryKey: ACTIVITY_ADMIN_KEYS.attendance(activity.id), queryFn: ({ signal }) => fetchAttendance(activity.id, { signal }) });
  return (
    <Modal open title={`出席名单：${activity.title}`} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
      {q.isPending ? (
        <LoadingState rows={3} />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : (
        <div className="comm-attendance">
          <div className="ops-head">
            <strong>共 {q.data.total} 人出席</strong>
            <ExportButton path={`/admin/activities/${activity.id}/attendance/export`} fileName={`出席-${activity.title}.xlsx`} />
          </div>
          {q.data.items.length === 0 ? (
            <p className="ops-muted">还没有学生进入直播间。</p>
          ) : (
            <ul className="comm-attendance__list">
              {q.data.items.map((r) => (
                <li key={r.student_id}>
                  <span>{r.name || `#${r.student_id}`}</span>
                  <span className="ops-muted">{formatTime(r.attended_at)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}

/** 活动 (decision 100): schedule the summer's activities — kind, window, audience, content, links, a ceremony's agenda — and publish them. */
export default function ActivitiesTab() {
  const isPhone = useIsPhone();
  const client = useQueryClient();
  const [toast, toastHolder] = message.useMessage();
  const [form] = Form.useForm<ActivityForm>();
  const [kindFilter, setKindFilter] = useState<ActivityKind | null>(null);
  const [editing, setEditing] = useState<AdminActivity | 'new' | null>(null);
  const [content, setContent] = useState('');
  const [attendanceOf, setAttendanceOf] = useState<AdminActivity | null>(null);

  const list = useQuery({ queryKey: ACTIVITY_ADMIN_KEYS.list(kindFilter), queryFn: ({ signal }) => fetchActivities(kindFilter, { signal }) });
  const options = useQuery({ queryKey: ACTIVITY_ADMIN_KEYS.options, queryFn: ({ signal }) => fetchActivityOptions({ signal }), enabled: editing !== null });
  const venues = useQuery({ queryKey: STRUCTURE_KEYS.venues, queryFn: ({ signal }) => fetchVenues({ signal }), enabled: editing !== null });
  const houses = useQuery({ queryKey: STRUCTURE_KEYS.houses, queryFn: ({ signal }) => fetchHouses({ signal }), enabled: editing !== null });
  const courses = useQuery({ queryKey: ['admin', 'activities', 'courses'], queryFn: ({ signal }) => fetchCourses({}, { signal }), enabled: editing !== null });

  const kind = Form.useWatch('kind', form) ?? 'opening';
  const audienceKind = Form.useWatch('audience_kind', form) ?? 'all';
  const ceremony = isCeremonyKind(kind);

  const refresh = () => void client.invalidateQueries({ queryKey: ACTIVITY_ADMIN_KEYS.all });
  const open = (a: AdminActivity | 'new') => {
    setEditing(a);
    setContent(a === 'new' ? '' : a.content);
    form.resetFields();
    form.setFieldsValue(a === 'new' ? EMPTY : formOf(a));
  };
  const save = useMutation({
    mutationFn: (v: ActivityForm) =>
      saveActivity(editing === 'new' || editing === null ? null : editing.id, {
        kind: v.kind,
        title: v.title.trim(),
        content,
        opens_at: v.opens_at ? beijingWallClockToIso(v.opens_at) : '',
        closes_at: v.closes_at ? beijingWallClockToIso(v.closes_at) : '',
        audience: { kind: v.audience_kind, values: v.audience_kind === 'all' ? [] : v.audience_values },
        cta_label: (v.cta_label ?? '').trim(),
        cta_url: (v.cta_url ?? '').trim(),
        live_url: isCeremonyKind(v.kind) ? (v.live_url ?? '').trim() : '',
        replay_url: isCeremonyKind(v.kind) ? (v.replay_url ?? '').trim() : '',
        agenda: isCeremonyKind(v.kind)
          ? (v.agenda ?? []).map((i) => ({ starts_at: i.starts_at ? beijingWallClockToIso(i.starts_at) : '', title: (i.title ?? '').trim(), speaker: (i.speaker ?? '').trim(), teacher_id: i.teacher_id ?? null, cue: (i.cue ?? '').trim() }))
          : [],
      }),
    onSuccess: (a) => {
      void toast.success(editing === 'new' ? `已创建「${a.title}」（未发布）` : `已保存「${a.title}」`);
      setEditing(null);
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field && (ACTIVITY_FIELDS as readonly string[]).includes(err.field)) {
        const name = err.field === 'audience' ? 'audience_values' : err.field;
        if (name !== 'content' && name !== 'agenda') form.setFields([{ name: name as keyof ActivityForm, errors: [err.msg] }]);
      }
    },
  });
  const publish = useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) => publishActivity(id, published),
    onSuccess: (a) => {
      void toast.success(a.published ? `已发布「${a.title}」` : `已撤回「${a.title}」`);
      refresh();
    },
  });

  const valueOptions: Array<{ value: string; label: string }> =
    audienceKind === 'session'
      ? SESSION_KEYS.map((k) => ({ value: k, label: SESSION_NAMES[k] }))
      : audienceKind === 'venue'
        ? (venues.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))
        : audienceKind === 'house'
          ? (houses.data ?? []).map((h) => ({ value: String(h.id), label: `${h.name}学院` }))
          : audienceKind === 'course'
            ? (courses.data ?? []).map((c) => ({ value: String(c.id), label: `${c.code} ${c.title}（${SESSION_NAMES[c.session_key]} 第${c.period}时段）` }))
            : [];
  const audienceText = (a: AdminActivity) => {
    if (a.audience.kind === 'all') return AUDIENCE_KIND_LABELS.all;
    if (a.audience.kind === 'session') return a.audience.values.map((v) => SESSION_NAMES[v as keyof typeof SESSION_NAMES] ?? v).join('、');
    return `${AUDIENCE_KIND_LABELS[a.audience.kind]}（${a.audience.values.length} 个）`;
  };

  let body;
  if (list.isPending) body = <LoadingState rows={6} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else
    body = (
      <AdminTable<AdminActivity>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data.items}
        locale={{ emptyText: '还没有活动，点击“新建活动”开始排期' }}
        pagination={false}
        columns={[
          {
            title: '活动',
            key: 'title',
            render: (_v, a) => (
              <span className="comm-title">
                <Tag>{ACTIVITY_KIND_LABELS[a.kind]}</Tag>
                <strong>{a.title}</strong>
              </span>
            ),
          },
          { title: '时间（北京）', key: 'window', render: (_v, a) => `${formatTime(a.opens_at)} — ${formatTime(a.closes_at)}` },
          { title: '参与范围', key: 'audience', render: (_v, a) => audienceText(a) },
          {
            title: '状态',
            key: 'state',
            render: (_v, a) => (
              <Space size={4} wrap>
                {a.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>}
                <Tag color={a.window === 'open' ? 'blue' : undefined}>{ACTIVITY_WINDOW_LABELS[a.window]}</Tag>
              </Space>
            ),
          },
          { title: '出席', key: 'attendance', render: (_v, a) => (isCeremonyKind(a.kind) ? `${a.attendance} 人` : '—') },
          {
            title: '操作',
            key: 'actions',
            render: (_v, a) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => open(a)} aria-label={`编辑「${a.title}」`}>
                  编辑
                </Button>
                <Button size="small" type={a.published ? 'default' : 'primary'} loading={publish.isPending && publish.variables?.id === a.id} onClick={() => publish.mutate({ id: a.id, published: !a.published })} aria-label={`${a.published ? '撤回' : '发布'}「${a.title}」`}>
                  {a.published ? '撤回' : '发布'}
                </Button>
                {isCeremonyKind(a.kind) ? (
                  <Button size="small" onClick={() => setAttendanceOf(a)} aria-label={`「${a.title}」出席名单`}>
                    出席名单
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    );

  return (
    <div className="admin-ops">
      {toastHolder}
      <section className="admin-card" aria-label="活动排期">
        <div className="ops-head">
          <h2>活动排期</h2>
          <Space wrap>
            <Select<ActivityKind | null>
              className="ops-select"
              aria-label="按类型筛选"
              value={kindFilter}
              onChange={(v) => setKindFilter(v ?? null)}
              allowClear
              placeholder="全部类型"
              options={ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_KIND_LABELS[k] }))}
            />
            <Button type="primary" onClick={() => open('new')}>
              新建活动
            </Button>
          </Space>
        </div>
        <p className="ops-muted">新建的活动默认不发布；发布后，参与范围内的学生会在“活动中心”看到它：进行中的卡片点亮，未开始的显示开始日期。</p>
        {body}
      </section>

      {editing !== null ? (
        <Modal
          open
          width={isPhone ? '100%' : 760}
          title={editing === 'new' ? '新建活动' : `编辑「${editing.title}」`}
          onCancel={() => setEditing(null)}
          okText="保存"
          cancelText="取消"
          confirmLoading={save.isPending}
          onOk={() => form.submit()}
          destroyOnHidden
        >
          <Form<ActivityForm> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} disabled={save.isPending} initialValues={EMPTY}>
            <div className="comm-form-row">
              <Form.Item name="kind" label="活动类型" rules={[{ required: true, message: '请选择活动类型' }]}>
                <Select aria-label="活动类型" showSearch optionFilterProp="label" options={ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_KIND_LABELS[k] }))} />
              </Form.Item>
              <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
                <Input maxLength={ACTIVITY_TITLE_MAX} showCount aria-label="标题" />
              </Form.Item>
            </div>
            <div className="comm-form-row">
              <Form.Item name="opens_at" label="开始时间（北京时间）" rules={[{ required: true, message: '请选择开始时间' }]}>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label="开始时间" className="comm-full" />
              </Form.Item>
              <Form.Item
                name="closes_at"
                label="结束时间（北京时间）"
                dependencies={['opens_at']}
                rules={[
                  { required: true, message: '请选择结束时间' },
                  ({ getFieldValue }) => ({
                    validator: (_r, v: Dayjs | undefined) => {
                      const from = getFieldValue('opens_at') as Dayjs | undefined;
                      return !v || !from || v.isAfter(from) ? Promise.resolve() : Promise.reject(new Error('结束时间须晚于开始时间'));
                    },
                  }),
                ]}
              >
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label="结束时间" className="comm-full" />
              </Form.Item>
            </div>
            <div className="comm-form-row">
              <Form.Item name="audience_kind" label="参与范围">
                <Select aria-label="参与范围" options={AUDIENCE_KINDS.map((k) => ({ value: k, label: AUDIENCE_KIND_LABELS[k] }))} onChange={() => form.setFieldValue('audience_values', [])} />
              </Form.Item>
              {audienceKind !== 'all' ? (
                <Form.Item name="audience_values" label={`选择${AUDIENCE_KIND_LABELS[audienceKind].replace('指定', '')}`} rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一项' }]}>
                  <Select mode="multiple" aria-label="参与范围明细" options={valueOptions} optionFilterProp="label" loading={venues.isPending || houses.isPending || courses.isPending} />
                </Form.Item>
              ) : null}
            </div>
            <Form.Item label="活动介绍">
              <Suspense fallback={<LoadingState rows={2} />}>
                <RichTextEditor value={content} onChange={setContent} label="活动介绍" />
              </Suspense>
            </Form.Item>
            <div className="comm-form-row">
              <Form.Item name="cta_label" label="按钮文字" extra="活动进行中时向学生显示，如“报名”">
                <Input maxLength={ACTIVITY_CTA_LABEL_MAX} aria-label="按钮文字" />
              </Form.Item>
              <Form.Item name="cta_url" label="按钮链接" extra="https:// 开头的外部链接，或以 / 开头的站内页面">
                <Input aria-label="按钮链接" placeholder="https://" />
              </Form.Item>
            </div>
            {ceremony ? (
              <>
                <div className="comm-form-row">
                  <Form.Item name="live_url" label="直播链接" extra="开始前 15 分钟至结束向参与学生开放，进入即记出席">
                    <Input aria-label="直播链接" placeholder="https://" />
                  </Form.Item>
                  <Form.Item name="replay_url" label="回放链接" extra="典礼结束后显示">
                    <Input aria-label="回放链接" placeholder="https://" />
                  </Form.Item>
                </div>
                <Form.List name="agenda">
                  {(fields, { add, remove }) => (
                    <fieldset className="comm-agenda">
                      <legend>议程</legend>
                      {fields.map((field, index) => (
                        <div key={field.key} className="comm-agenda__item" aria-label={`议程第 ${index + 1} 项`} role="group">
                          <div className="comm-form-row">
                            <Form.Item name={[field.name, 'starts_at']} label="时间" rules={[{ required: true, message: '请选择时间' }]}>
                              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label={`议程第 ${index + 1} 项时间`} className="comm-full" />
                            </Form.Item>
                            <Form.Item name={[field.name, 'title']} label="环节" rules={[{ required: true, whitespace: true, message: '请填写环节' }]}>
                              <Input maxLength={ACTIVITY_TITLE_MAX} aria-label={`议程第 ${index + 1} 项环节`} />
                            </Form.Item>
                          </div>
                          <div className="comm-form-row">
                            <Form.Item name={[field.name, 'speaker']} label="主讲（学生可见）">
                              <Input maxLength={40} aria-label={`议程第 ${index + 1} 项主讲`} />
                            </Form.Item>
                            <Form.Item name={[field.name, 'teacher_id']} label="负责教师（可见提示）">
                              <Select
                                allowClear
                                showSearch
                                optionFilterProp="label"
                                aria-label={`议程第 ${index + 1} 项负责教师`}
                                loading={options.isPending}
                                options={(options.data?.teachers ?? []).map((t) => ({ value: t.id, label: t.name || `#${t.id}` }))}
                              />
                            </Form.Item>
                          </div>
                          <Form.Item name={[field.name, 'cue']} label="提示（仅负责教师可见）">
                            <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} aria-label={`议程第 ${index + 1} 项提示`} />
                          </Form.Item>
                          <Button size="small" danger onClick={() => remove(field.name)}>
                            删除此项
                          </Button>
                        </div>
                      ))}
                      {fields.length < ACTIVITY_AGENDA_MAX ? (
                        <Button onClick={() => add({ speaker: '', cue: '', teacher_id: null })} block>
                          添加议程
                        </Button>
                      ) : null}
                    </fieldset>
                  )}
                </Form.List>
              </>
            ) : null}
          </Form>
        </Modal>
      ) : null}
      {attendanceOf ? <AttendanceModal activity={attendanceOf} onClose={() => setAttendanceOf(null)} /> : null}
    </div>
  );
}
