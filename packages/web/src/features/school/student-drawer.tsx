import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Input, Modal, Tag, Timeline, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCHOOL_MSG, SCHOOL_RECOMMEND_COMMENT_MAX, type SchoolStudentDetail, type SchoolStudentHistory } from '@summit/domain/api/school';
import { ApiError } from '../../lib/api-client.ts';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { SCHOOL_KEYS, fetchHistory, fetchStudent, saveRecommendation, withdrawRecommendation } from './school-api.ts';
import { batchLabel, decisionColor, decisionLabel, formatTime, offerPlace, paidLabel, recommendState, signupLabel, stepLabel } from './school-format.ts';

export function StudentDetailView({ d }: { d: SchoolStudentDetail }) {
  return (
    <section className="school-section" aria-label="学生信息">
      <h3>
        {d.name || '未填写'} <Tag color={decisionColor(d.decision)}>{decisionLabel(d.decision)}</Tag>
      </h3>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'phone', label: '手机号', children: d.phone },
          { key: 'grade', label: '年级', children: d.grade ?? '—' },
          { key: 'status', label: '申请进度', children: signupLabel(d.signup_status) },
          { key: 'step', label: '申请步骤', children: stepLabel(d.step) },
          { key: 'batch', label: '批次', children: batchLabel(d.batch) },
          { key: 'apply_paid', label: '申请费', children: paidLabel(d.apply_paid) },
          { key: 'place', label: '期次/方向', children: offerPlace(d.session, d.track) },
          { key: 'tuition', label: '学费', children: paidLabel(d.tuition_paid) },
          { key: 'venue', label: '会场', children: d.venue ?? '—' },
          { key: 'house', label: '学院', children: d.house ?? '—' },
        ]}
      />
    </section>
  );
}

export function HistoryView({ h }: { h: SchoolStudentHistory }) {
  return (
    <section className="school-section" aria-label="历年记录">
      <h3>历年记录</h3>
      {h.years.map((y) => (
        <div key={y.programme_year} className="school-history-year">
          <h4>
            {`${y.programme_year} 年度`} <Tag color={decisionColor(y.decision)}>{decisionLabel(y.decision)}</Tag>
          </h4>
          <p className="school-muted">
            {`${signupLabel(y.signup_status)} · ${batchLabel(y.batch)} · 学费${paidLabel(y.tuition_paid)}${y.venue ? ` · ${y.venue}` : ''}${y.recommendation ? ' · 学校已推荐' : ''}`}
          </p>
          {y.events.length ? <Timeline items={y.events.map((e) => ({ key: e.label, content: `${e.label} · ${formatTime(e.at)}` }))} /> : null}
        </div>
      ))}
    </section>
  );
}

/** 学校推荐: write, edit or withdraw this year's recommendation (only once the student has applied). */
function RecommendPanel({ d }: { d: SchoolStudentDetail }) {
  const queryClient = useQueryClient();
  const [toast, toastHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const [comment, setComment] = useState(d.recommendation?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setComment(d.recommendation?.comment ?? ''), [d.recommendation?.comment]);

  const refresh = () => {
    for (const queryKey of [SCHOOL_KEYS.students, SCHOOL_KEYS.student(d.user_id), SCHOOL_KEYS.history(d.user_id)]) void queryClient.invalidateQueries({ queryKey });
  };
  const save = useMutation({
    mutationFn: () => saveRecommendation(d.user_id, comment.trim()),
    onSuccess: () => {
      setError(null);
      void toast.success(SCHOOL_MSG.RECOMMEND_SAVED);
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field === 'comment') setError(err.msg);
    },
  });
  const withdraw = useMutation({
    mutationFn: () => withdrawRecommendation(d.user_id),
    onSuccess: () => {
      setComment('');
      void toast.success(SCHOOL_MSG.RECOMMEND_WITHDRAWN);
      refresh();
    },
  });

  const submit = () => {
    const text = comment.trim();
    if (!text) return setError(SCHOOL_MSG.COMMENT_REQUIRED);
    if (text.length > SCHOOL_RECOMMEND_COMMENT_MAX) return setError(SCHOOL_MSG.COMMENT_TOO_LONG);
    setError(null);
    save.mutate();
  };

  return (
    <section className="school-section" aria-label="学校推荐">
      {toastHolder}
      {modalHolder}
      <h3>学校推荐</h3>
      {recommendState(d) === 'not_applied' ? (
        <Alert type="info" showIcon title={SCHOOL_MSG.RECOMMEND_NOT_APPLIED} />
      ) : recommendState(d) === 'decided' ? (
        <Alert type="info" showIcon title={SCHOOL_MSG.RECOMMEND_DECIDED} description={d.recommendation ? `已于 ${formatTime(d.recommendation.updated_at)} 推荐。` : undefined} />
      ) : (
        <>
          {d.recommendation ? (
            <p className="school-muted">{`已于 ${formatTime(d.recommendation.updated_at)} 推荐（${d.recommendation.recommended_by_name ?? '本校'}），项目老师审核时可见。`}</p>
          ) : (
            <p className="school-muted">写一句推荐理由，项目老师审核申请时可见。</p>
          )}
          <Input.TextArea
            aria-label="推荐理由"
            rows={3}
            maxLength={SCHOOL_RECOMMEND_COMMENT_MAX}
            showCount
            placeholder="例如：该生品学兼优，担任学生会主席"
            value={comment}
            status={error ? 'error' : undefined}
            onChange={(e) => setComment(e.target.value)}
          />
          {error ? (
            <p className="school-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="school-actions">
            <Button type="primary" loading={save.isPending} disabled={withdraw.isPending} onClick={submit}>
              {d.recommendation ? '更新推荐' : '推荐该学生'}
            </Button>
            {d.recommendation ? (
              <Button
                danger
                loading={withdraw.isPending}
                disabled={save.isPending}
                onClick={() =>
                  void modal.confirm({
                    title: '撤回推荐',
                    content: '确认撤回对该学生的推荐吗？',
                    okText: '确认撤回',
                    cancelText: '取消',
                    okButtonProps: { danger: true },
                    onOk: () => withdraw.mutateAsync().catch(() => undefined),
                  })
                }
              >
                撤回推荐
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

/** A student of the school: detail, recommendation and history, in a drawer (full width on a phone). */
export function StudentDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const id = userId ?? 0;
  const detail = useQuery({ queryKey: SCHOOL_KEYS.student(id), queryFn: ({ signal }) => fetchStudent(id, { signal }), enabled: userId !== null });
  const history = useQuery({ queryKey: SCHOOL_KEYS.history(id), queryFn: ({ signal }) => fetchHistory(id, { signal }), enabled: userId !== null });
  return (
    <Drawer open={userId !== null} onClose={onClose} title="学生详情" size="large" styles={{ wrapper: { maxWidth: '100vw' } }} destroyOnHidden>
      {detail.isPending ? (
        <LoadingState rows={8} />
      ) : detail.isError ? (
        <ErrorState onRetry={() => void detail.refetch()} />
      ) : (
        <>
          <StudentDetailView d={detail.data} />
          <RecommendPanel key={detail.data.user_id} d={detail.data} />
          {history.isPending ? <LoadingState rows={3} /> : history.isError ? <ErrorState onRetry={() => void history.refetch()} /> : <HistoryView h={history.data} />}
        </>
      )}
    </Drawer>
  );
}
