import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ACTIVITY_WINDOW_LABELS } from '@summit/domain/activities';
import { MSG } from '@summit/domain/messages';
import { MISSION_BRIEF_MAX, MISSION_COMMENT_MAX, MISSION_DELIVERABLES, MISSION_DELIVERABLE_LABELS, MISSION_POINTS_MAX, MISSION_TITLE_MAX, MISSION_X_MSG, type MissionActivity, type MissionDeliverable, type ReviewDecision, type ReviewHandIn, type TeacherMission } from '@summit/domain/mission-x';
import { chineseMonthDayTime } from '@summit/domain/programme-terms';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { CheckboxGroupField } from '../../components/checkbox-group-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { MX_KEYS, fetchHandIns, fetchTeacherBoard, postMission, reviewHandIn, saveMission, withdrawMission, type MissionForm } from './mission-x-api.ts';
import { HandInFiles } from './hand-in-files.tsx';
import { beijingWallClockToIso, deliverablesText, statusLabel, statusTone } from './mission-x-format.ts';
import './mission-x.css';

interface Values {
  activity_id: number;
  title: string;
  brief: string;
  deliverables: MissionDeliverable[];
  points: number;
  due: Dayjs | null;
  badge: boolean;
}

const FORM_FIELDS = ['activity_id', 'title', 'brief', 'deliverables', 'points'] as const;

/** Post or edit a mission: which activity, the brief, what to hand in, points, deadline (Beijing), badge. */
function MissionFormModal({ activities, editing, open, onClose }: { activities: MissionActivity[]; editing: TeacherMission | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const qc = useQueryClient();
  const choosable = activities.filter((a) => a.window !== 'closed');
  const firstChoosable = choosable[0]?.id;
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing
        ? { activity_id: editing.activity_id, title: editing.title, brief: editing.brief, deliverables: editing.deliverables, points: editing.points, due: dayjs(editing.due_at).tz(), badge: editing.badge_criterion !== null }
        : { activity_id: firstChoosable, title: '', brief: '', deliverables: ['text', 'image'], points: 10, due: null, badge: true },
    );
  }, [open, editing, form, firstChoosable]);
  const save = useMutation({
    mutationFn: (body: MissionForm) => (editing ? saveMission(editing.id, body) : postMission(body)),
    onSuccess: () => {
      toast('success', editing ? MISSION_X_MSG.SAVED : MISSION_X_MSG.POSTED);
      void qc.invalidateQueries({ queryKey: MX_KEYS.all });
      onClose();
    },
    onError: (e) => {
      const field = e instanceof ApiError ? e.field : null;
      const name = field === 'due_at' ? 'due' : (FORM_FIELDS as readonly string[]).includes(field ?? '') ? (field as keyof Values) : null;
      if (name && e instanceof ApiError) form.setFields([{ name, errors: [e.msg] }]);
    },
  });
  const submit = (v: Values) => {
    if (!v.due) return;
    save.mutate({ activity_id: v.activity_id, title: v.title, brief: v.brief, deliverables: v.deliverables, points: v.points, due_at: beijingWallClockToIso(v.due), badge_criterion: v.badge ? 'mission_x_accepted' : null });
  };
  return (
    <Modal title={editing ? '编辑任务' : '发布任务'} open={open} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="activity_id" label="所属活动" rules={[{ required: true, message: '请选择' }]}>
          <Select aria-label="所属活动" options={choosable.map((a) => ({ value: a.id, label: `${a.title}（${ACTIVITY_WINDOW_LABELS[a.window]}）` }))} />
        </Form.Item>
        <Form.Item name="title" label="任务标题" rules={[{ required: true, whitespace: true, message: MISSION_X_MSG.TITLE }]}>
          <Input maxLength={MISSION_TITLE_MAX} />
        </Form.Item>
        <Form.Item name="brief" label="任务说明" rules={[{ required: true, whitespace: true, message: MISSION_X_MSG.BRIEF }]}>
          <Input.TextArea maxLength={MISSION_BRIEF_MAX} autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <Form.Item name="deliverables" label="需要提交" rules={[{ required: true, message: MISSION_X_MSG.DELIVERABLES }]}>
          <CheckboxGroupField options={MISSION_DELIVERABLES.map((d) => ({ value: d, label: MISSION_DELIVERABLE_LABELS[d] }))} />
        </Form.Item>
        <div className="mx-row">
          <Form.Item name="points" label={`学院杯分数（0–${MISSION_POINTS_MAX}）`} rules={[{ required: true, message: MISSION_X_MSG.POINTS }]}>
            <InputNumber min={0} max={MISSION_POINTS_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="due" label="截止时间（北京时间）" rules={[{ required: true, message: MISSION_X_MSG.DUE }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label="截止时间" />
          </Form.Item>
        </div>
        <Form.Item name="badge" valuePropName="checked">
          <Checkbox>通过后颁发 Mission X 徽章（须管理员已发布对应徽章）</Checkbox>
        </Form.Item>
        <div className="mx-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {editing ? '保存' : '发布'}
          </Button>
          <Button onClick={onClose}>取消</Button>
        </div>
      </Form>
    </Modal>
  );
}

/** One hand-in with its review buttons: accept / return (with a comment) / un-accept (with a comment). */
function HandInRow({ item, missionId }: { item: ReviewHandIn; missionId: number }) {
  const qc = useQueryClient();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (decision: ReviewDecision) => reviewHandIn(item.id, { decision, comment, version: item.version }),
    onSuccess: (_data, decision) => {
      toast('success', decision === 'accept' ? MISSION_X_MSG.ACCEPTED : decision === 'return' ? MISSION_X_MSG.RETURNED : MISSION_X_MSG.UNACCEPTED);
      setComment('');
      void qc.invalidateQueries({ queryKey: MX_KEYS.all });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.field === 'comment') setError(e.msg);
      // Someone else judged it first (or the student changed it): show what is there now.
      else void qc.invalidateQueries({ queryKey: MX_KEYS.handIns(missionId) });
    },
  });
  const needComment = (decision: ReviewDecision) => {
    if (comment.trim() === '') {
      setError(MISSION_X_MSG.COMMENT_REQUIRED);
      return;
    }
    setError(null);
    act.mutate(decision);
  };
  const id = `mx-review-${item.id}`;
  return (
    <li className="mx-handin">
      <div className="mx-card__head">
        <strong>{item.student.name}</strong>
        <span className="mx-muted">{item.student.house ?? '未分学院'}</span>
        <span className={`mx-tag mx-tag--${statusTone(item)}`}>{statusLabel(item)}</span>
      </div>
      <p className="mx-muted">
        提交于 {chineseMonthDayTime(item.submitted_at)}
        {item.reviewer && item.reviewed_at ? ` · ${item.reviewer.name} 批阅于 ${chineseMonthDayTime(item.reviewed_at)}` : ''}
        {item.points_awarded > 0 ? ` · 已计 ${item.points_awarded} 分` : ''}
      </p>
      {item.text ? <p className="mx-brief">{item.text}</p> : null}
      <HandInFiles files={item.files} videoUrl={item.video_url} />
      {item.comment ? <blockquote className="mx-comment">评语：{item.comment}</blockquote> : null}
      {item.status !== 'returned' ? (
        <div className="mx-review">
          <label htmlFor={id} className="mx-label">
            评语{item.status === 'submitted' ? '（退回时必填）' : '（撤销通过时必填）'}
          </label>
          <Input.TextArea id={id} value={comment} maxLength={MISSION_COMMENT_MAX} autoSize={{ minRows: 2, maxRows: 6 }} aria-invalid={error !== null} onChange={(e) => setComment(e.target.value)} />
          {error ? (
            <p className="mx-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="mx-actions">
            {item.status === 'submitted' ? (
              <>
                <Button type="primary" loading={act.isPending && act.variables === 'accept'} onClick={() => act.mutate('accept')}>
                  通过
                </Button>
                <Button loading={act.isPending && act.variables === 'return'} onClick={() => needComment('return')}>
                  退回
                </Button>
              </>
            ) : (
              <Button danger loading={act.isPending} onClick={() => needComment('unaccept')}>
                撤销通过
              </Button>
            )}
          </div>
        </div>
      ) : (
        <p className="mx-muted">已退回，等待学生重新提交。</p>
      )}
    </li>
  );
}

function HandInsPanel({ mission }: { mission: TeacherMission }) {
  const q = useQuery({ queryKey: MX_KEYS.handIns(mission.id), queryFn: ({ signal }) => fetchHandIns(mission.id, signal), retry: false });
  if (q.isPending) return <LoadingState rows={3} />;
  if (q.isError)
    return q.error instanceof ApiError && q.error.msg === MSG.NO_PERMISSION ? (
      <ForbiddenState title={MSG.NO_PERMISSION} detail="提交仅对任务发布者、管理员和学生所在学院的 CSL 开放。" />
    ) : (
      <ErrorState onRetry={() => void q.refetch()} />
    );
  if (q.data.items.length === 0) return <EmptyState description="还没有学生提交" />;
  return (
    <ul className="mx-list" aria-label={`「${mission.title}」的提交`}>
      {q.data.items.map((item) => (
        <HandInRow key={`${item.id}-${item.version}`} item={item} missionId={mission.id} />
      ))}
    </ul>
  );
}

function MissionRow({ mission, onEdit }: { mission: TeacherMission; onEdit: () => void }) {
  const qc = useQueryClient();
  const [showing, setShowing] = useState(false);
  const withdraw = useMutation({
    mutationFn: () => withdrawMission(mission.id),
    onSuccess: () => {
      toast('success', MISSION_X_MSG.WITHDRAWN);
      void qc.invalidateQueries({ queryKey: MX_KEYS.all });
    },
  });
  const c = mission.counts;
  return (
    <li className={`mx-card mx-card--${mission.state}`}>
      <div className="mx-card__head">
        <h3>{mission.title}</h3>
        <span className="mx-muted">{mission.activity_title}</span>
      </div>
      <p className="mx-meta">
        <span>截止 {chineseMonthDayTime(mission.due_at)}</span>
        <span>提交：{deliverablesText(mission.deliverables)}</span>
        <span>学院杯 +{mission.points}</span>
        <span>发布：{mission.posted_by.name}</span>
      </p>
      <p className="mx-brief">{mission.brief}</p>
      <p className="mx-meta" aria-label="提交统计">
        <span className="mx-tag mx-tag--wait">待批阅 {c.submitted}</span>
        <span className="mx-tag mx-tag--ok">已通过 {c.accepted}</span>
        <span className="mx-tag mx-tag--back">已退回 {c.returned}</span>
      </p>
      <div className="mx-actions">
        <Button type={showing ? 'default' : 'primary'} aria-expanded={showing} onClick={() => setShowing(!showing)}>
          {showing ? '收起提交' : '查看提交'}
        </Button>
        {mission.may_manage && !mission.withdrawn ? (
          <>
            <Button onClick={onEdit}>编辑</Button>
            <Popconfirm title="撤回后学生将看不到该任务，已有提交和已计积分保留。确定撤回？" okText="撤回" cancelText="取消" onConfirm={() => withdraw.mutate()}>
              <Button danger loading={withdraw.isPending}>
                撤回
              </Button>
            </Popconfirm>
          </>
        ) : null}
      </div>
      {showing ? <HandInsPanel mission={mission} /> : null}
    </li>
  );
}

/** /teacher/mission-x: post missions into Mission X activities, review hand-ins, withdraw missions (decision 101). */
export default function TeacherMissionXPage() {
  const q = useQuery({ queryKey: MX_KEYS.teacher, queryFn: ({ signal }) => fetchTeacherBoard(signal) });
  const [editing, setEditing] = useState<TeacherMission | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  let body;
  if (q.isPending) body = <LoadingState rows={5} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else {
    const { activities, missions, may_post } = q.data;
    const live = missions.filter((m) => !m.withdrawn);
    const withdrawn = missions.filter((m) => m.withdrawn);
    const postable = activities.some((a) => a.window !== 'closed');
    body = (
      <>
        <div className="mx-toolbar">
          <p className="mx-muted">学生提交被通过后，任务分数计入其学院的学院杯积分；撤销通过会冲正积分。</p>
          {may_post ? (
            <Button
              type="primary"
              disabled={!postable}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              发布任务
            </Button>
          ) : null}
        </div>
        {!postable ? <p className="mx-note">目前没有进行中或即将开始的 Mission X 活动，请联系项目组在管理后台创建。</p> : null}
        {live.length === 0 ? (
          <EmptyState description="还没有任务" />
        ) : (
          <ul className="mx-list">
            {live.map((m) => (
              <MissionRow
                key={m.id}
                mission={m}
                onEdit={() => {
                  setEditing(m);
                  setFormOpen(true);
                }}
              />
            ))}
          </ul>
        )}
        {withdrawn.length > 0 ? (
          <details className="mx-withdrawn">
            <summary>已撤回的任务（{withdrawn.length}）</summary>
            <p className="mx-muted">学生已看不到这些任务；已有提交和已计积分保留，仍可查看与批阅。</p>
            <ul className="mx-list" aria-label="已撤回的任务">
              {withdrawn.map((m) => (
                <MissionRow key={m.id} mission={m} onEdit={() => undefined} />
              ))}
            </ul>
          </details>
        ) : null}
        <MissionFormModal activities={activities} editing={editing} open={formOpen} onClose={() => setFormOpen(false)} />
      </>
    );
  }
  return (
    <div className="mx-page mx-page--teacher">
      <h1>Mission X 任务</h1>
      {body}
    </div>
  );
}
