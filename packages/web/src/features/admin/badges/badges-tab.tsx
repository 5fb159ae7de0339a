import '../shell/ops.css';
import './badges-tab.css';
import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Radio, Select, Switch, Tag, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BADGE_COLOURS, BADGE_CRITERIA, BADGE_CRITERION_LABEL, BADGE_NAME_MAX, BADGE_REASON_MAX, BADGE_TEXT_MAX, HONOUREE_MAX, HONOUR_CITATION_MAX, HONOUR_TITLE_MAX, type AdminBadge, type AdminBadgeAward, type AdminHonour, type BadgeInput, type HonourInput } from '@summit/domain/badges';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { formatTime } from '../shell/admin-format.ts';
import {
  BADGE_KEYS,
  createBadge,
  createHonour,
  deleteHonour,
  fetchAdminAwards,
  fetchAdminBadges,
  fetchAdminHonours,
  findStudents,
  grantBadge,
  revokeAward,
  updateBadge,
  updateHonour,
} from './badges-admin-api.ts';

/** The badge's medal as students see it (its emblem on its colour). */
function BadgeMedal({ name, emblem, colour, size, dim = false }: { name: string; emblem: string; colour: string; size: number; dim?: boolean }) {
  return (
    <span className={`abdg-medal${dim ? ' abdg-medal--dim' : ''}`} role="img" aria-label={`${name}徽章`} style={{ width: size, height: size, background: colour, fontSize: Math.round(size * (Array.from(emblem).length > 1 ? 0.3 : 0.42)) }}>
      <span aria-hidden="true">{emblem}</span>
    </span>
  );
}

const SOURCE_LABEL: Record<string, string> = { manual: '手动颁发', 'attendance-week': '一周全勤', 'mission-x-submission': 'Mission X', 'talent-show-entry': '才艺展示' };

function fieldErrors<T>(form: ReturnType<typeof Form.useForm<T>>[0]) {
  return (err: unknown) => {
    if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as never, errors: [err.msg] }]);
  };
}

/** A student picker that searches by name or phone as the admin types. */
function StudentPicker({ value, onChange, id }: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const [q, setQ] = useState('');
  const found = useQuery({ queryKey: BADGE_KEYS.students(q), queryFn: ({ signal }) => findStudents(q, { signal }), enabled: q.trim().length > 0 });
  return (
    <Select
      id={id}
      showSearch
      allowClear
      value={value ?? undefined}
      placeholder="输入姓名或手机号查找学生"
      filterOption={false}
      onSearch={setQ}
      onChange={(v) => onChange?.(v ?? null)}
      loading={found.isFetching}
      notFoundContent={q ? '未找到学生' : '请输入姓名或手机号'}
      options={(found.data ?? []).map((s) => ({ value: s.id, label: `${s.name || '（未填姓名）'} · 尾号 ${s.phone_tail}` }))}
      aria-label="学生"
    />
  );
}

function BadgeModal({ editing, onClose }: { editing: AdminBadge | 'new'; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BadgeInput>();
  const initial: BadgeInput =
    editing === 'new'
      ? { name: '', description: '', criteria_text: '', criterion: 'manual', emblem: '', colour: BADGE_COLOURS[0], published: false }
      : { name: editing.name, description: editing.description, criteria_text: editing.criteria_text, criterion: editing.criterion, emblem: editing.emblem, colour: editing.colour as BadgeInput['colour'], published: editing.published };
  const save = useMutation({
    mutationFn: (v: BadgeInput) => (editing === 'new' ? createBadge(v) : updateBadge(editing.id, v)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BADGE_KEYS.admin });
      onClose();
    },
    onError: fieldErrors(form),
  });
  const name = Form.useWatch('name', form) ?? initial.name;
  const emblem = Form.useWatch('emblem', form) ?? initial.emblem;
  const colour = Form.useWatch('colour', form) ?? initial.colour;
  return (
    <Modal open title={editing === 'new' ? '新建徽章' : `编辑徽章：${editing.name}`} okText="保存" cancelText="取消" onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate({ ...v, name: v.name.trim(), emblem: v.emblem.trim() })} disabled={save.isPending}>
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请填写徽章名称' }]}>
          <Input maxLength={BADGE_NAME_MAX} />
        </Form.Item>
        <Form.Item name="description" label="说明" rules={[{ required: true, whitespace: true, message: '请填写徽章说明' }]}>
          <Input.TextArea maxLength={BADGE_TEXT_MAX} rows={2} />
        </Form.Item>
        <Form.Item name="criteria_text" label="获得条件（写入凭证，学生可见）" rules={[{ required: true, whitespace: true, message: '请填写获得条件' }]}>
          <Input.TextArea maxLength={BADGE_TEXT_MAX} rows={2} />
        </Form.Item>
        <Form.Item name="criterion" label="获得方式" rules={[{ required: true }]}>
          <Select options={BADGE_CRITERIA.map((c) => ({ value: c, label: BADGE_CRITERION_LABEL[c] }))} aria-label="获得方式" />
        </Form.Item>
        <Form.Item name="emblem" label="图案文字（1–2 个字）" rules={[{ required: true, whitespace: true, message: '请填写图案文字' }]}>
          <Input maxLength={2} />
        </Form.Item>
        <Form.Item name="colour" label="颜色">
          <Radio.Group aria-label="颜色">
            {BADGE_COLOURS.map((c) => (
              <Radio key={c} value={c} aria-label={c}>
                <span className="abdg-colour" style={{ background: c }} />
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="published" label="发布（学生可见，开始颁发）" valuePropName="checked">
          <Switch />
        </Form.Item>
        {emblem ? <BadgeMedal name={name || '预览'} emblem={emblem} colour={colour} size={56} /> : null}
      </Form>
    </Modal>
  );
}

function GrantModal({ badge, onClose }: { badge: AdminBadge; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [toast, holder] = message.useMessage();
  const [form] = Form.useForm<{ account_id: number | null; note?: string }>();
  const grant = useMutation({
    mutationFn: (v: { account_id: number; note?: string }) => grantBadge(badge.id, v),
    onSuccess: (a) => {
      void toast.success(`已颁发给 ${a.student.name}`);
      void queryClient.invalidateQueries({ queryKey: BADGE_KEYS.admin });
      onClose();
    },
    onError: fieldErrors(form),
  });
  return (
    <Modal open title={`颁发徽章：${badge.name}`} okText="颁发" cancelText="取消" onCancel={onClose} onOk={() => form.submit()} confirmLoading={grant.isPending} destroyOnHidden>
      {holder}
      <Form form={form} layout="vertical" onFinish={(v) => grant.mutate({ account_id: v.account_id!, ...(v.note?.trim() ? { note: v.note.trim() } : {}) })} disabled={grant.isPending}>
        <Form.Item name="account_id" label="学生" rules={[{ required: true, message: '请选择学生' }]}>
          <StudentPicker />
        </Form.Item>
        <Form.Item name="note" label="颁发理由（学生可见，选填）">
          <Input maxLength={BADGE_REASON_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RevokeModal({ award, onClose }: { award: AdminBadgeAward; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const revoke = useMutation({
    mutationFn: () => revokeAward(award.id, reason.trim()),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BADGE_KEYS.admin });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`撤销徽章：${award.badge_name}（${award.student.name}）`}
      okText="撤销"
      okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
      cancelText="取消"
      onCancel={onClose}
      onOk={() => revoke.mutate()}
      confirmLoading={revoke.isPending}
    >
      <p className="ops-muted">撤销后，公开验证页将显示“已撤销”，学生也会看到撤销原因。撤销不能恢复。</p>
      <label htmlFor="bdg-revoke-reason">撤销原因</label>
      <Input.TextArea id="bdg-revoke-reason" rows={3} maxLength={BADGE_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
    </Modal>
  );
}

function HonourModal({ editing, onClose }: { editing: AdminHonour | 'new'; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<HonourInput>();
  const initial: HonourInput =
    editing === 'new'
      ? { title: '', citation: '', honouree_name: '', account_id: null, published: false }
      : { title: editing.title, citation: editing.citation, honouree_name: editing.honouree_name, account_id: editing.account_id, published: editing.published_at !== null };
  const save = useMutation({
    mutationFn: (v: HonourInput) => (editing === 'new' ? createHonour(v) : updateHonour(editing.id, v)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BADGE_KEYS.admin });
      onClose();
    },
    onError: fieldErrors(form),
  });
  return (
    <Modal open title={editing === 'new' ? '新建荣誉' : `编辑荣誉：${editing.title}`} okText="保存" cancelText="取消" onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate({ ...v, account_id: v.account_id ?? null })} disabled={save.isPending}>
        <Form.Item name="title" label="荣誉名称" rules={[{ required: true, whitespace: true, message: '请填写荣誉名称' }]}>
          <Input maxLength={HONOUR_TITLE_MAX} placeholder="如：学术之星" />
        </Form.Item>
        <Form.Item name="honouree_name" label="获奖者（显示在荣誉榜上）" rules={[{ required: true, whitespace: true, message: '请填写获奖者' }]}>
          <Input maxLength={HONOUREE_MAX} placeholder="学生姓名、小组或学院" />
        </Form.Item>
        <Form.Item name="account_id" label="关联学生（选填：该生的荣誉榜会标出“我的荣誉”）">
          <StudentPicker />
        </Form.Item>
        <Form.Item name="citation" label="表彰词" rules={[{ required: true, whitespace: true, message: '请填写表彰词' }]}>
          <Input.TextArea maxLength={HONOUR_CITATION_MAX} rows={4} />
        </Form.Item>
        <Form.Item name="published" label="发布到荣誉榜" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 徽章与荣誉 (decision 104): the badge catalogue, manual awards and revocation, and the honour roll. */
export default function BadgesAdminTab() {
  const queryClient = useQueryClient();
  const [editingBadge, setEditingBadge] = useState<AdminBadge | 'new' | null>(null);
  const [granting, setGranting] = useState<AdminBadge | null>(null);
  const [revoking, setRevoking] = useState<AdminBadgeAward | null>(null);
  const [editingHonour, setEditingHonour] = useState<AdminHonour | 'new' | null>(null);
  const [badgeFilter, setBadgeFilter] = useState<number | undefined>(undefined);
  const badges = useQuery({ queryKey: BADGE_KEYS.adminBadges, queryFn: ({ signal }) => fetchAdminBadges({ signal }) });
  const awards = useQuery({ queryKey: BADGE_KEYS.adminAwards(badgeFilter), queryFn: ({ signal }) => fetchAdminAwards(badgeFilter, { signal }) });
  const honours = useQuery({ queryKey: BADGE_KEYS.adminHonours, queryFn: ({ signal }) => fetchAdminHonours({ signal }) });
  const removeHonour = useMutation({ mutationFn: (id: number) => deleteHonour(id), onSuccess: () => void queryClient.invalidateQueries({ queryKey: BADGE_KEYS.admin }) });

  const section = <T,>(q: { isPending: boolean; isError: boolean; refetch: () => unknown; data?: T }, render: (data: T) => ReactNode) =>
    q.isPending ? <LoadingState rows={4} /> : q.isError || q.data === undefined ? <ErrorState onRetry={() => void q.refetch()} /> : render(q.data);

  return (
    <div className="admin-ops">
      <section className="admin-card" aria-label="徽章">
        <div className="ops-head">
          <h2>徽章</h2>
          <Button type="primary" onClick={() => setEditingBadge('new')}>
            新建徽章
          </Button>
        </div>
        <p className="ops-muted">自动颁发的徽章在条件达成时由系统颁发（每名学生每枚一次）；“由老师颁发”的徽章在此手动颁发。每次颁发都会签发一张 Open Badges 3.0 凭证。</p>
        {section(badges, (rows) => (
          <AdminTable<AdminBadge>
            rowKey="id"
            dataSource={rows}
            pagination={false}
            locale={{ emptyText: '暂无徽章' }}
            columns={[
              { title: '徽章', key: 'name', render: (_v, b) => (
                <span className="abdg-actions" style={{ alignItems: 'center' }}>
                  <BadgeMedal name={b.name} emblem={b.emblem} colour={b.colour} size={36} dim={!b.published} /> {b.name}
                </span>
              ) },
              { title: '获得方式', key: 'criterion', render: (_v, b) => BADGE_CRITERION_LABEL[b.criterion] },
              { title: '状态', key: 'published', render: (_v, b) => (b.published ? <Tag color="green">已发布</Tag> : <Tag>草稿</Tag>) },
              { title: '已颁发', key: 'count', render: (_v, b) => `${b.awarded - b.revoked}${b.revoked ? `（另有 ${b.revoked} 枚已撤销）` : ''}` },
              { title: '操作', key: 'actions', render: (_v, b) => (
                <span className="abdg-actions">
                  <Button size="small" onClick={() => setEditingBadge(b)}>编辑</Button>
                  {b.criterion === 'manual' && b.published ? <Button size="small" type="primary" onClick={() => setGranting(b)}>颁发</Button> : null}
                  <Button size="small" onClick={() => setBadgeFilter(b.id)}>颁发记录</Button>
                </span>
              ) },
            ]}
          />
        ))}
      </section>

      <section className="admin-card" aria-label="颁发记录">
        <div className="ops-head">
          <h2>颁发记录</h2>
          <span className="ops-muted" style={{ margin: 0 }}>最近 500 条，可按徽章筛选</span>
          <Select
            allowClear
            placeholder="全部徽章"
            value={badgeFilter}
            onChange={(v) => setBadgeFilter(v)}
            options={(badges.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
            aria-label="按徽章筛选"
            style={{ minWidth: 180 }}
          />
        </div>
        {section(awards, (rows) => (
          <AdminTable<AdminBadgeAward>
            rowKey="id"
            dataSource={rows}
            pagination={{ pageSize: 20 }}
            locale={{ emptyText: '暂无颁发记录' }}
            columns={[
              { title: '徽章', dataIndex: 'badge_name' },
              { title: '学生', key: 'student', render: (_v, a) => a.student.name || `#${a.student.id}` },
              { title: '来源', key: 'source', render: (_v, a) => `${SOURCE_LABEL[a.source_kind] ?? a.source_kind}${a.awarded_by ? `（${a.awarded_by.name}）` : ''}` },
              { title: '颁发时间', dataIndex: 'awarded_at', render: (v: string) => formatTime(v) },
              { title: '状态', key: 'state', render: (_v, a) => (a.revoked_at ? <Tag color="red">{`已撤销：${a.revoke_reason ?? ''}`}</Tag> : <Tag color="green">有效</Tag>) },
              { title: '操作', key: 'actions', render: (_v, a) => (
                <span className="abdg-actions">
                  <a href={`/badges/verify/${a.public_id}`} target="_blank" rel="noreferrer">验证页</a>
                  {a.revoked_at ? null : <Button size="small" danger onClick={() => setRevoking(a)}>撤销</Button>}
                </span>
              ) },
            ]}
          />
        ))}
      </section>

      <section className="admin-card" aria-label="荣誉榜">
        <div className="ops-head">
          <h2>荣誉榜</h2>
          <Button type="primary" onClick={() => setEditingHonour('new')}>
            新建荣誉
          </Button>
        </div>
        {section(honours, (rows) => (
          <AdminTable<AdminHonour>
            rowKey="id"
            dataSource={rows}
            pagination={{ pageSize: 20 }}
            locale={{ emptyText: '暂无荣誉' }}
            columns={[
              { title: '荣誉', dataIndex: 'title' },
              { title: '获奖者', key: 'who', render: (_v, h) => `${h.honouree_name}${h.account_name && h.account_name !== h.honouree_name ? `（${h.account_name}）` : ''}` },
              { title: '状态', key: 'state', render: (_v, h) => (h.published_at ? <Tag color="green">{`已发布 ${formatTime(h.published_at)}`}</Tag> : <Tag>草稿</Tag>) },
              { title: '操作', key: 'actions', render: (_v, h) => (
                <span className="abdg-actions">
                  <Button size="small" onClick={() => setEditingHonour(h)}>编辑</Button>
                  <Popconfirm title="删除这条荣誉？" okText="删除" cancelText="取消" onConfirm={() => removeHonour.mutate(h.id)}>
                    <Button size="small" danger>删除</Button>
                  </Popconfirm>
                </span>
              ) },
            ]}
          />
        ))}
      </section>

      {editingBadge ? <BadgeModal editing={editingBadge} onClose={() => setEditingBadge(null)} /> : null}
      {granting ? <GrantModal badge={granting} onClose={() => setGranting(null)} /> : null}
      {revoking ? <RevokeModal award={revoking} onClose={() => setRevoking(null)} /> : null}
      {editingHonour ? <HonourModal editing={editingHonour} onClose={() => setEditingHonour(null)} /> : null}
    </div>
  );
}
