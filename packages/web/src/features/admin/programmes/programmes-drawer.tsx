import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, Input, Modal, Radio, Select, Tag, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProgrammeApplication, ProgrammeAnswer, ProgrammeFile } from '@summit/domain/api/programmes';
import { MSG } from '@summit/domain/messages';
import { PROGRAMME_DECISIONS, PROGRAMME_DECISION_LABELS, VISA_STATUS_LABELS, type ProgrammeDecision } from '@summit/domain/programmes';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/upload.ts';
import { formatTime } from '../shell/admin-format.ts';
import { formatFen } from '../money/money.ts';
import { DueDatesPanel } from '../money/due-date-extension.tsx';
import {
  deleteProgrammeDecision,
  fetchProgrammeApplication,
  PROGRAMME_KEYS,
  refreshProgrammeApplications,
  revealProgrammePassport,
  reviewProgrammeVisa,
  saveProgrammeDecision,
  withdrawProgrammeDecision,
} from './programmes-api.ts';
import { StateTag } from './programmes-state-tag.tsx';
import { answerText } from './programmes-model.ts';

type OfferType = { key: string; label: string };

function FileLinks({ files }: { files: readonly ProgrammeFile[] }) {
  if (files.length === 0) return <span className="admin-muted">未上传</span>;
  return (
    <span className="programme-files">
      {files.map((f) => (
        <Button key={f.url} type="link" size="small" className="programme-files__link" onClick={() => void downloadFile(f)}>
          {f.name}
        </Button>
      ))}
    </span>
  );
}

function AnswerValue({ type, value }: { type: string; value: ProgrammeAnswer | null }) {
  if (type === 'upload' && Array.isArray(value)) return <FileLinks files={value.filter((v): v is ProgrammeFile => typeof v === 'object')} />;
  return <span className="programme-answer">{answerText(value)}</span>;
}

interface DecisionValues {
  decision?: ProgrammeDecision;
  offer_type?: string;
  note?: string;
}

type Toast = ReturnType<typeof message.useMessage>[0];

/** Keyed by the saved decision, so it starts from what the server holds; the toast lives above it and outlasts the remount. */
function DecisionPanel({ code, d, offerTypes, toast }: { code: string; d: AdminProgrammeApplication; offerTypes: readonly OfferType[]; toast: Toast }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DecisionValues>();
  const [modal, modalHolder] = Modal.useModal();
  const kind = Form.useWatch('decision', form);
  const released = d.decision?.released_at != null;
  const submitted = d.submitted_at !== null;
  const refresh = () => refreshProgrammeApplications(queryClient, code);

  const save = useMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      const decision = v.decision ?? 'admit';
      return saveProgrammeDecision(code, d.id, { decision, offer_type: decision === 'admit' && offerTypes.length > 0 ? (v.offer_type ?? null) : null, note: v.note ?? '' });
    },
    onSuccess: () => {
      void toast.success('草稿已保存');
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field && ['decision', 'offer_type', 'note'].includes(err.field)) form.setFields([{ name: err.field as keyof DecisionValues, errors: [err.msg] }]);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteProgrammeDecision(code, d.id),
    onSuccess: () => {
      void toast.success('草稿已删除');
      form.resetFields();
      refresh();
    },
  });
  const withdraw = useMutation({
    mutationFn: () => withdrawProgrammeDecision(code, d.id),
    onSuccess: () => {
      void toast.success('已撤回，学生已收到通知');
      refresh();
    },
  });
  const busy = save.isPending || remove.isPending || withdraw.isPending;
  const locked = released || !submitted;

  return (
    <section className="admin-section" aria-label="录取决定">
      {modalHolder}
      <h3>录取决定</h3>
      {d.decision ? (
        <p className="admin-muted">
          当前：{PROGRAMME_DECISION_LABELS[d.decision.decision]}
          {d.decision.offer_type ? `（${offerTypes.find((o) => o.key === d.decision?.offer_type)?.label ?? d.decision.offer_type}）` : ''}
          {released ? `，已于 ${formatTime(d.decision.released_at)} 发布` : '，草稿未发布（在列表中勾选后发布）'}
        </p>
      ) : null}
      {!submitted ? <Alert type="info" showIcon title={MSG.PROGRAMME_NOT_SUBMITTED} style={{ marginBottom: 16 }} /> : null}
      {released ? <Alert type="info" showIcon title={MSG.PROGRAMME_RELEASED_LOCKED} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        disabled={locked || busy}
        initialValues={{ decision: d.decision?.decision ?? 'admit', offer_type: d.decision?.offer_type ?? undefined, note: d.decision?.note ?? '' }}
      >
        <Form.Item name="decision" label="结果" rules={[{ required: true, message: MSG.ADMISSION_DECISION_REQUIRED }]}>
          <Radio.Group optionType="button" buttonStyle="solid" options={PROGRAMME_DECISIONS.map((k) => ({ value: k, label: PROGRAMME_DECISION_LABELS[k] }))} />
        </Form.Item>
        {offerTypes.length > 0 && (kind ?? d.decision?.decision ?? 'admit') === 'admit' ? (
          <Form.Item name="offer_type" label="录取类型" rules={[{ required: true, message: MSG.PROGRAMME_OFFER_TYPE_REQUIRED }]}>
            <Select placeholder="请选择录取类型" options={offerTypes.map((o) => ({ value: o.key, label: o.label }))} />
          </Form.Item>
        ) : null}
        <Form.Item name="note" label="备注（仅管理员可见）" rules={[{ max: 500, message: MSG.PROGRAMME_TEXT_TOO_LONG }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
      <div className="admin-decision-actions">
        <Button type="primary" disabled={locked || busy} loading={save.isPending} onClick={() => save.mutate()}>
          保存草稿
        </Button>
        {d.decision && !released ? (
          <Button
            danger
            disabled={busy}
            loading={remove.isPending}
            onClick={() =>
              void modal.confirm({
                title: '删除草稿',
                content: '确认删除这个结果草稿吗？',
                okText: '确认删除',
                cancelText: '取消',
                okButtonProps: { danger: true },
                onOk: () => remove.mutateAsync().catch(() => undefined),
              })
            }
          >
            删除草稿
          </Button>
        ) : null}
        {released ? (
          <Button
            danger
            disabled={busy}
            loading={withdraw.isPending}
            onClick={() =>
              void modal.confirm({
                title: '撤回结果',
                content: '撤回后结果回到草稿，学生不再看到该结果，并会收到站内消息和短信通知。已缴纳项目费用的学生不能撤回。',
                okText: '确认撤回',
                cancelText: '取消',
                okButtonProps: { danger: true },
                onOk: () => withdraw.mutateAsync().catch(() => undefined),
              })
            }
          >
            撤回结果
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function PassportPanel({ code, d, canReveal }: { code: string; d: AdminProgrammeApplication; canReveal: boolean }) {
  const [full, setFull] = useState<string | null>(null);
  const reveal = useMutation({ mutationFn: () => revealProgrammePassport(code, d.id), onSuccess: (r) => setFull(r.number) });
  const p = d.passport;
  return (
    <section className="admin-section" aria-label="护照">
      <h3>护照</h3>
      {!p ? (
        <p className="admin-muted">未提交</p>
      ) : (
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'number',
              label: '护照号码',
              children: (
                <span className="programme-passport">
                  <span>{full ?? p.number_masked}</span>
                  {canReveal && full === null ? (
                    <Button size="small" loading={reveal.isPending} onClick={() => reveal.mutate()}>
                      查看完整号码
                    </Button>
                  ) : null}
                </span>
              ),
            },
            { key: 'name', label: '护照姓名', children: p.name },
            { key: 'expires', label: '有效期至', children: p.expires_on },
            { key: 'scan', label: '护照首页', children: <FileLinks files={p.scan ? [p.scan] : []} /> },
            { key: 'updated', label: '提交时间', children: formatTime(p.updated_at) },
          ]}
        />
      )}
      {full !== null ? <p className="admin-muted">已记入操作日志</p> : null}
    </section>
  );
}

function VisaPanel({ code, d, canReview }: { code: string; d: AdminProgrammeApplication; canReview: boolean }) {
  const queryClient = useQueryClient();
  const [toast, toastHolder] = message.useMessage();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const review = useMutation({
    mutationFn: (status: 'approved' | 'rejected') => reviewProgrammeVisa(code, d.id, { status, note: note.trim() }),
    onSuccess: (_r, status) => {
      void toast.success(status === 'approved' ? '签证材料已通过' : '已退回，申请人将看到需补充的材料');
      setNote('');
      refreshProgrammeApplications(queryClient, code);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field === 'note') setNoteError(err.msg);
    },
  });
  const v = d.visa;
  const decide = (status: 'approved' | 'rejected') => {
    if (status === 'rejected' && note.trim() === '') {
      setNoteError(MSG.VISA_REVIEW_NOTE_REQUIRED);
      return;
    }
    setNoteError(null);
    review.mutate(status);
  };
  return (
    <section className="admin-section" aria-label="签证">
      {toastHolder}
      <h3>签证</h3>
      {!v ? (
        <p className="admin-muted">未提交</p>
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'status', label: '状态', children: <Tag>{VISA_STATUS_LABELS[v.status]}</Tag> },
              { key: 'files', label: '材料', children: <FileLinks files={v.files} /> },
              { key: 'note', label: '申请人说明', children: v.note || '—' },
              { key: 'review', label: '审核意见', children: v.review_note ? `${v.review_note}（${formatTime(v.reviewed_at)}）` : '—' },
            ]}
          />
          {canReview && v.status !== 'not_started' ? (
            <div className="programme-visa-review">
              <Form.Item label="审核意见（退回时必填）" validateStatus={noteError ? 'error' : ''} help={noteError ?? undefined} layout="vertical">
                <Input.TextArea rows={2} maxLength={500} value={note} onChange={(e) => (setNote(e.target.value), setNoteError(null))} aria-label="签证审核意见" />
              </Form.Item>
              <div className="admin-decision-actions">
                <Button type="primary" loading={review.isPending && review.variables === 'approved'} disabled={review.isPending} onClick={() => decide('approved')}>
                  通过
                </Button>
                <Button danger loading={review.isPending && review.variables === 'rejected'} disabled={review.isPending} onClick={() => decide('rejected')}>
                  退回
                </Button>
              </div>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The detail: who, the decision, the answers by step, passport and visa (exported for the render test). */
export function ProgrammeApplicationBody({ code, d, offerTypes, permissions }: { code: string; d: AdminProgrammeApplication; offerTypes: readonly OfferType[]; permissions: readonly string[] }) {
  const [toast, toastHolder] = message.useMessage();
  return (
    <>
      {toastHolder}
      <section className="admin-section">
        <h3>
          {d.name || '未填写姓名'} <StateTag state={d.state} />
        </h3>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'phone', label: '手机号', children: d.phone },
            { key: 'submitted', label: '提交时间', children: formatTime(d.submitted_at) },
            { key: 'paid', label: '已缴费用', children: d.paid_fen === 0 && d.fully_paid ? '无需缴费' : `${formatFen(d.paid_fen)}${d.fully_paid ? '（已付清）' : ''}` },
            { key: 'duration', label: '课程时长', children: d.duration_key ?? '—' },
          ]}
        />
      </section>
      <DecisionPanel key={`${d.id}-${d.decision?.decided_at ?? ''}`} code={code} d={d} offerTypes={offerTypes} toast={toast} />
      {d.steps.map((step) => (
        <section className="admin-section" key={step.key} aria-label={step.title}>
          <h3>
            {step.title} {step.submitted ? <Tag color="blue">已提交</Tag> : <Tag>未提交</Tag>}
          </h3>
          <Descriptions size="small" column={1} bordered items={step.answers.map((a) => ({ key: a.key, label: a.label, children: <AnswerValue type={a.type} value={a.value} /> }))} />
        </section>
      ))}
      {permissions.includes('money.settings') && d.decision?.decision === 'admit' && d.decision.released_at ? <DueDatesPanel owner={{ kind: 'programme', code, id: d.id }} title="项目缴费期限" /> : null}
      <PassportPanel code={code} d={d} canReveal={permissions.includes('students.reveal_id')} />
      <VisaPanel code={code} d={d} canReview={permissions.includes('programmes.documents')} />
    </>
  );
}

/** The application in a drawer over the list (full width on a phone). */
export function ProgrammeApplicationDrawer({ code, id, offerTypes, permissions, onClose }: { code: string; id: number | null; offerTypes: readonly OfferType[]; permissions: readonly string[]; onClose: () => void }) {
  const detail = useQuery({
    queryKey: PROGRAMME_KEYS.application(code, id ?? 0),
    queryFn: ({ signal }) => fetchProgrammeApplication(code, id ?? 0, { signal }),
    enabled: id !== null,
  });
  return (
    <Drawer open={id !== null} onClose={onClose} title="申请详情" size="large" styles={{ wrapper: { maxWidth: '100vw' } }} destroyOnHidden>
      {detail.isPending ? <LoadingState rows={8} /> : detail.isError ? <ErrorState onRetry={() => void detail.refetch()} /> : <ProgrammeApplicationBody code={code} d={detail.data} offerTypes={offerTypes} permissions={permissions} />}
    </Drawer>
  );
}
