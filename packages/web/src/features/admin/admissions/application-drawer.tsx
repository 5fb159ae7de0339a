import { useEffect } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, Input, Modal, Radio, Select, Table, Tag, Timeline, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMISSION_DECISIONS, ADMISSION_DECISION_LABELS, FINANCIAL_AID_STATUS_LABELS, OFFER_PLACE_NAMES, OFFER_TRACKS, canDeleteDraft, canSaveDecision, canWithdraw, type AdminApplicationDetail, type AdmissionDecisionKind, type DecisionSaveRequest } from '@summit/domain/api/admissions';
import { BATCH_LABELS, PROFESSIONAL_TRACKS } from '@summit/domain/application';
import { MSG } from '@summit/domain/messages';
import { PAYMENT_PURPOSE_LABELS } from '@summit/domain/payments';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { ADMIN_KEYS, endAccountSessions, refreshAdmissions, deleteDecision, fetchApplication, releaseDecisions, saveDecision, withdrawDecision } from '../shell/admin-api.ts';
import { describeChange, describeRelease, formatTime } from '../shell/admin-format.ts';
import { StageTag } from './stage-tag.tsx';
import { StudentPrivacyPanel } from '../people/student-privacy-panel.tsx';
import { formatFen } from '../money/money.ts';

const AUDIT_LABELS: Record<string, string> = {
  'admission.decision.save': '保存录取草稿',
  'admission.decision.release': '发布录取结果',
  'admission.decision.withdraw': '撤回录取结果',
  'admission.decision.delete': '删除录取草稿',
  'financial_aid.decide': '助学金审核',
  'account.sessions.revoke': '退出全部登录设备',
  'student.id_number.reveal': '查看完整证件号',
  'student.data_export': '导出个人数据',
  'student.erase': '删除个人数据',
};

const ORDER_STATUS_LABELS: Record<string, string> = { pending: '待支付', paid: '已支付', closed: '已关闭', refunded: '已退款' };

interface DecisionFormValues {
  decision?: AdmissionDecisionKind;
  place_name?: string;
  professional_track?: string;
  note?: string;
}

function journeyItems(d: AdminApplicationDetail) {
  const j = d.journey;
  const steps: Array<[string, string | null]> = [
    ['注册', j.activated_at],
    ['完善个人信息', j.info_completed_at],
    ['提交第一步', j.step1_submitted_at],
    ['缴纳申请费', j.apply_paid_at],
    ['提交第二步', j.step2_submitted_at],
    ['发布录取结果', d.decision?.released_at ?? null],
    ['缴纳学费', j.tuition_paid_at],
  ];
  return steps.map(([label, at]) => ({ color: at ? 'green' : 'gray', content: at ? `${label} · ${formatTime(at)}` : `${label} · 未完成` }));
}

/** A new decision starts as an offer for the session and track the student asked for (when they are valid). */
export function initialDecisionValues(step1: Record<string, unknown>): DecisionFormValues {
  const pick = (value: unknown, allowed: readonly string[]) => (typeof value === 'string' && allowed.includes(value) ? value : undefined);
  const values: DecisionFormValues = { decision: 'offer' };
  const place = pick(step1.session_preference, OFFER_PLACE_NAMES);
  const track = pick(step1.track_preference, OFFER_TRACKS);
  if (place) values.place_name = place;
  if (track) values.professional_track = track;
  return values;
}

function DecisionPanel({ detail }: { detail: AdminApplicationDetail }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DecisionFormValues>();
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();
  const decisionKind = Form.useWatch('decision', form);
  const id = detail.user_id;
  const subject = {
    step2Submitted: detail.journey.step2_submitted_at !== null,
    tuitionPaid: detail.journey.tuition_paid_at !== null,
    decision: detail.decision ? { released: detail.decision.released_at !== null } : null,
  };
  const saveRule = canSaveDecision(subject);
  const released = detail.decision?.released_at != null;

  useEffect(() => {
    if (!detail.decision) {
      form.resetFields();
      return;
    }
    form.setFieldsValue({
      decision: detail.decision.decision,
      place_name: detail.decision.place_name ?? undefined,
      professional_track: detail.decision.professional_track ?? undefined,
      note: detail.decision.note ?? undefined,
    });
  }, [detail.decision, form]);

  const refresh = () => refreshAdmissions(queryClient);

  const showFieldError = (err: unknown) => {
    if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as keyof DecisionFormValues, errors: [err.msg] }]);
  };

  const readBody = async (): Promise<DecisionSaveRequest> => {
    const v = await form.validateFields();
    const decision = v.decision ?? 'offer';
    return decision === 'offer'
      ? { decision, place_name: v.place_name ?? null, professional_track: v.professional_track, note: v.note }
      : { decision, note: v.note };
  };

  const save = useMutation({
    mutationFn: async () => saveDecision(id, await readBody()),
    onSuccess: () => {
      void toast.success('草稿已保存');
      refresh();
    },
    onError: showFieldError,
  });

  const releaseOne = useMutation({
    mutationFn: async () => {
      // Publishing what is on screen: save it as the draft first, then release that draft.
      await saveDecision(id, await readBody());
      return releaseDecisions([id]);
    },
    onSuccess: (result) => {
      if (result.released === 1) void toast.success('录取结果已发布');
      else void toast.warning(describeRelease(result));
      refresh();
    },
    onError: showFieldError,
  });

  const withdraw = useMutation({
    mutationFn: () => withdrawDecision(id),
    onSuccess: () => {
      void toast.success('已撤回，结果回到草稿状态');
      refresh();
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteDecision(id),
    onSuccess: () => {
      void toast.success('草稿已删除');
      form.resetFields();
      refresh();
    },
  });

  const confirm = (title: string, content: string, okText: string, run: () => Promise<unknown>, danger = false) =>
    void modal.confirm({ title, content, okText, cancelText: '取消', okButtonProps: { danger }, onOk: () => run().catch(() => undefined) });

  const busy = save.isPending || releaseOne.isPending || withdraw.isPending || remove.isPending;

  return (
    <section className="admin-section" aria-label="录取决定">
      {modalHolder}
      {toastHolder}
      <h3>录取决定</h3>
      {detail.decision ? (
        <p className="admin-muted">
          当前：{ADMISSION_DECISION_LABELS[detail.decision.decision]}
          {released ? `，已于 ${formatTime(detail.decision.released_at)} 发布` : '，草稿未发布'}
          {detail.decision.letter_no ? `，通知书编号 ${detail.decision.letter_no}` : ''}
        </p>
      ) : null}
      {!saveRule.ok ? <Alert type="info" showIcon title={saveRule.msg} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" disabled={!saveRule.ok || busy} initialValues={initialDecisionValues(detail.application.step1)}>
        <Form.Item name="decision" label="结果" rules={[{ required: true, message: MSG.ADMISSION_DECISION_REQUIRED }]}>
          <Radio.Group optionType="button" buttonStyle="solid" options={ADMISSION_DECISIONS.map((d) => ({ value: d, label: ADMISSION_DECISION_LABELS[d] }))} />
        </Form.Item>
        {(decisionKind ?? 'offer') === 'offer' ? (
          <>
            <Form.Item name="place_name" label="会场/期次" rules={[{ required: true, message: MSG.ADMISSION_PLACE_REQUIRED }]}>
              <Select placeholder="请选择会场/期次" options={OFFER_PLACE_NAMES.map((p) => ({ value: p, label: p }))} />
            </Form.Item>
            <Form.Item name="professional_track" label="专业方向" rules={[{ required: true, message: MSG.ADMISSION_TRACK_REQUIRED }]}>
              <Select placeholder="请选择专业方向" options={PROFESSIONAL_TRACKS.map((t) => ({ value: t.value, label: t.label }))} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="note" label="备注（仅管理员可见）" rules={[{ max: 500, message: '备注最多500字' }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
      <div className="admin-decision-actions">
        <Button disabled={!saveRule.ok || busy} loading={save.isPending} onClick={() => save.mutate()}>
          保存草稿
        </Button>
        <Button
          type="primary"
          disabled={!saveRule.ok || busy}
          loading={releaseOne.isPending}
          onClick={() => confirm('发布录取结果', '发布后学生即可看到结果，确认发布吗？', '确认发布', () => releaseOne.mutateAsync())}
        >
          发布
        </Button>
        {released ? (
          <Button
            danger
            disabled={!canWithdraw(subject).ok || busy}
            loading={withdraw.isPending}
            onClick={() => confirm('撤回录取结果', '撤回后结果回到草稿状态，学生将看不到该结果，已发出的通知书验证将显示无效。确认撤回吗？', '确认撤回', () => withdraw.mutateAsync(), true)}
          >
            撤回
          </Button>
        ) : null}
        {detail.decision && !released ? (
          <Button
            danger
            disabled={!canDeleteDraft(subject).ok || busy}
            loading={remove.isPending}
            onClick={() => confirm('删除草稿', '确认删除这个录取结果草稿吗？', '确认删除', () => remove.mutateAsync(), true)}
          >
            删除草稿
          </Button>
        ) : null}
      </div>
      {released && subject.tuitionPaid ? <p className="admin-muted">{MSG.ADMISSION_TUITION_PAID}</p> : null}
    </section>
  );
}

/** 退出该学生的所有设备: for a lost phone or a shared computer; the API records it in the audit log. */
function AccountSessionsPanel({ userId }: { userId: number }) {
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();
  const end = useMutation({
    mutationFn: () => endAccountSessions(userId),
    onSuccess: (r) => void toast.success(`已退出 ${r.count} 台设备`),
  });
  return (
    <section className="admin-section" aria-label="登录设备">
      {modalHolder}
      {toastHolder}
      <h3>登录设备</h3>
      <p className="admin-muted">学生反映手机丢失或在公共电脑上未退出时使用：该学生的所有设备都需重新登录。</p>
      <Button
        danger
        loading={end.isPending}
        onClick={() =>
          void modal.confirm({
            title: '退出该学生的所有设备',
            content: '确认让该学生在所有设备上退出登录吗？此操作将记入操作记录。',
            okText: '确认退出',
            cancelText: '取消',
            okButtonProps: { danger: true },
            onOk: () => end.mutateAsync().catch(() => undefined),
          })
        }
      >
        退出该学生的所有设备
      </Button>
    </section>
  );
}

/** The detail and the decision form (exported for the render smoke test). */
export function DetailBody({ d }: { d: AdminApplicationDetail }) {
  const batch = d.application.batch;
  return (
    <>
      <section className="admin-section">
        <h3>
          {d.profile.name || '未填写姓名'} <StageTag stage={d.stage} />
        </h3>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'phone', label: '手机号', children: d.profile.phone },
            { key: 'email', label: '邮箱', children: d.profile.email ?? '未填写' },
            { key: 'school', label: '学校', children: d.profile.school_name ?? '未填写' },
            { key: 'area', label: '地区', children: d.profile.area ?? '未填写' },
            { key: 'batch', label: '批次', children: batch ? (BATCH_LABELS[batch as keyof typeof BATCH_LABELS] ?? batch) : '—' },
            { key: 'consent', label: '监护人同意', children: d.application.consent_at ? `${formatTime(d.application.consent_at)}（版本 ${d.application.consent_version ?? '—'}）` : '—' },
          ]}
        />
      </section>
      <SchoolRecommendationBlock recommendation={d.school_recommendation} />
      <DecisionPanel detail={d} />
      {d.application.summary.map((section) => (
        <section className="admin-section" key={section.title}>
          <h3>{section.title}</h3>
          <Descriptions size="small" column={1} items={section.items.map((item, i) => ({ key: `${i}`, label: item.label, children: item.value }))} />
        </section>
      ))}
      <section className="admin-section">
        <h3>申请进度</h3>
        <Timeline items={journeyItems(d)} />
      </section>
      <section className="admin-section">
        <h3>助学金</h3>
        {d.financial_aid ? (
          <p>
            <Tag>{FINANCIAL_AID_STATUS_LABELS[d.financial_aid.status]}</Tag>
            {d.financial_aid.status === 'granted' ? `资助 ${formatFen(d.financial_aid.granted_fen)}` : null}
            <span className="admin-muted"> 申请于 {formatTime(d.financial_aid.created_at)}</span>
          </p>
        ) : (
          <p className="admin-muted">未申请</p>
        )}
      </section>
      <section className="admin-section">
        <h3>支付记录</h3>
        <Table
          size="small"
          rowKey="order_no"
          pagination={false}
          scroll={{ x: 520 }}
          dataSource={d.payments}
          locale={{ emptyText: '暂无订单' }}
          columns={[
            { title: '项目', dataIndex: 'purpose', render: (v: keyof typeof PAYMENT_PURPOSE_LABELS) => PAYMENT_PURPOSE_LABELS[v] },
            { title: '金额', dataIndex: 'amount_fen', render: (v: number) => formatFen(v) },
            { title: '状态', dataIndex: 'status', render: (v: string) => ORDER_STATUS_LABELS[v] ?? v },
            { title: '方式', key: 'via', render: (_: unknown, r) => `${r.provider} ${r.channel}${r.payer === 'parent' ? '（家长代付）' : ''}` },
            { title: '时间', key: 'at', render: (_: unknown, r) => formatTime(r.paid_at ?? r.created_at) },
          ]}
        />
      </section>
      <StudentPrivacyPanel userId={d.user_id} />
      <AccountSessionsPanel userId={d.user_id} />
      <section className="admin-section">
        <h3>操作记录</h3>
        {d.audit.length === 0 ? (
          <p className="admin-muted">暂无记录</p>
        ) : (
          <Timeline
            items={d.audit.map((a) => ({
              key: a.id,
              content: (
                <>
                  <div>
                    {AUDIT_LABELS[a.action] ?? a.action} · {a.actor_name ?? `#${a.actor_id ?? '—'}`} · {formatTime(a.created_at)}
                  </div>
                  <div className="admin-muted">{describeChange(a.before, a.after)}</div>
                </>
              ),
            }))}
          />
        )}
      </section>
    </>
  );
}

/** 学校推荐: what the student's school wrote in the school portal (read-only here; decision 059). */
function SchoolRecommendationBlock({ recommendation }: { recommendation: AdminApplicationDetail['school_recommendation'] }) {
  return (
    <section className="admin-section" aria-label="学校推荐">
      <h3>学校推荐</h3>
      {recommendation ? (
        <>
          <p>{recommendation.comment}</p>
          <p className="admin-muted">
            {`${recommendation.school_name ?? '学校'}${recommendation.recommended_by_name ? `（${recommendation.recommended_by_name}）` : ''} · ${recommendation.programme_year} 年度 · ${formatTime(recommendation.updated_at)}`}
          </p>
        </>
      ) : (
        <p className="admin-muted">学校未推荐</p>
      )}
    </section>
  );
}

/** The application detail and the decision form, in a drawer over the list (full width on a phone). */
export function ApplicationDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ADMIN_KEYS.application(userId ?? 0),
    queryFn: ({ signal }) => fetchApplication(userId ?? 0, { signal }),
    enabled: userId !== null,
  });
  return (
    <Drawer open={userId !== null} onClose={onClose} title="申请详情" size="large" styles={{ wrapper: { maxWidth: '100vw' } }} destroyOnHidden>
      {detail.isPending ? <LoadingState rows={8} /> : detail.isError ? <ErrorState onRetry={() => void detail.refetch()} /> : <DetailBody d={detail.data} />}
    </Drawer>
  );
}
