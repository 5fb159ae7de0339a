import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { TALENT_CRITERIA_MAX, TALENT_FINALISTS_MAX, TALENT_MSG, TALENT_RULES_TEXT_MAX, TALENT_WEIGHT_TOTAL, type TalentRules } from '@summit/domain/talent-show';
import { chineseMonthDayTime } from '@summit/domain/programme-terms';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { PATHS } from '../../lib/paths.ts';
import { TS_KEYS, fetchRules, saveRules } from './talent-show-api.ts';
import { beijingWallClockToIso, resultsLine, weightTotal, windowLine } from './talent-show-format.ts';
import { CriteriaTable } from './criteria-table.tsx';
import './talent-show.css';

interface RulesForm {
  rules_text: string;
  criteria: Array<{ name: string; description: string; weight: number | null }>;
  judge_ids: number[];
  results_at: Dayjs | null;
  finalist_count: number;
  published: boolean;
}

function RulesView({ data }: { data: TalentRules }) {
  const show = data.show!;
  return (
    <section className="ts-section" aria-labelledby="ts-rules-view">
      <h2 id="ts-rules-view">评选规则</h2>
      <p>
        <Tag color={show.rules_published ? 'success' : 'warning'}>{show.rules_published ? '已发布' : '草稿'}</Tag>
        {data.published_at ? <span className="ts-muted">发布于 {chineseMonthDayTime(data.published_at)}</span> : null}
      </p>
      {show.rules_text ? <p className="ts-desc">{show.rules_text}</p> : <p className="ts-muted">尚未填写规则说明。</p>}
      {show.criteria.length === 0 ? (
        <p className="ts-muted">尚未设置评分标准。</p>
      ) : (
        <CriteriaTable criteria={show.criteria} testId="talent-criteria" />
      )}
      <p>评委：{data.judges.length ? data.judges.map((j) => j.name).join('、') : '尚未指定'}</p>
      <p>
        入围人数：{show.finalist_count} 名；{resultsLine(show)}
      </p>
      <p className="ts-hint">评委为每件已展示作品的每项标准打 0–10 分，按权重折算为百分制；取各位评委的平均分排名，同分时评分评委多者、提交早者在前。结果公布前评委可修改评分，公布时间前服务器不提供任何结果。</p>
    </section>
  );
}

function RulesEditor({ data }: { data: TalentRules }) {
  const qc = useQueryClient();
  const show = data.show!;
  const [form] = Form.useForm<RulesForm>();
  const criteria = Form.useWatch('criteria', form) ?? [];
  const save = useMutation({
    mutationFn: (v: RulesForm) =>
      saveRules({
        activity_id: show.activity_id,
        rules_text: v.rules_text ?? '',
        criteria: v.criteria.map((c) => ({ name: c.name, description: c.description ?? '', weight: c.weight ?? 0 })),
        judge_ids: v.judge_ids ?? [],
        results_at: v.results_at ? beijingWallClockToIso(v.results_at) : null,
        finalist_count: v.finalist_count,
        published: v.published,
      }),
    onSuccess: (fresh) => {
      toast('success', TALENT_MSG.RULES_SAVED);
      qc.setQueryData(TS_KEYS.rules(show.activity_id), fresh);
      void qc.invalidateQueries({ queryKey: TS_KEYS.all });
    },
    onError: (e) => {
      if (!(e instanceof ApiError) || !e.field) return;
      // The criteria are a list: their message is shown once, above the form.
      if (e.field.startsWith('criteria')) toast('error', e.msg);
      else form.setFields([{ name: e.field as keyof RulesForm, errors: [e.msg] }]);
    },
  });
  const initial: RulesForm = {
    rules_text: show.rules_text,
    criteria: show.criteria.length ? show.criteria.map((c) => ({ name: c.name, description: c.description, weight: c.weight })) : [{ name: '技巧', description: '', weight: 40 }, { name: '创意', description: '', weight: 30 }, { name: '表现力', description: '', weight: 30 }],
    judge_ids: data.judges.map((j) => j.id),
    results_at: show.results_at ? dayjs(show.results_at).tz() : null,
    finalist_count: show.finalist_count,
    published: show.rules_published,
  };
  const total = weightTotal(criteria);
  return (
    <section className="ts-section" aria-labelledby="ts-rules-edit">
      <h2 id="ts-rules-edit">修改评选规则（管理员）</h2>
      <Form form={form} layout="vertical" className="ts-form" initialValues={initial} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="rules_text" label="规则说明" rules={[{ max: TALENT_RULES_TEXT_MAX, message: TALENT_MSG.RULES_TEXT }]}>
          <Input.TextArea rows={4} showCount maxLength={TALENT_RULES_TEXT_MAX} />
        </Form.Item>
        <fieldset className="ts-consent">
          <legend>评分标准与权重（合计 {TALENT_WEIGHT_TOTAL}）</legend>
          {data.criteria_locked ? <p className="ts-note">{TALENT_MSG.CRITERIA_LOCKED}</p> : null}
          <Form.List name="criteria">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <div className="ts-criterion" key={field.key}>
                    <Form.Item name={[field.name, 'name']} label={`标准 ${i + 1}`} rules={[{ required: true, whitespace: true, message: TALENT_MSG.CRITERION_NAME }, { max: 20, message: TALENT_MSG.CRITERION_NAME }]}>
                      <Input maxLength={20} disabled={data.criteria_locked} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'description']} label="说明">
                      <Input maxLength={100} disabled={data.criteria_locked} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'weight']} label="权重（%）" rules={[{ required: true, message: TALENT_MSG.WEIGHTS }]}>
                      <InputNumber min={1} max={TALENT_WEIGHT_TOTAL} precision={0} disabled={data.criteria_locked} />
                    </Form.Item>
                    {!data.criteria_locked && fields.length > 1 ? <Button aria-label={`删除标准 ${i + 1}`} icon={<DeleteOutlined />} onClick={() => remove(field.name)} /> : null}
                  </div>
                ))}
                {!data.criteria_locked && fields.length < TALENT_CRITERIA_MAX ? (
                  <Button icon={<PlusOutlined />} onClick={() => add({ name: '', description: '', weight: null })}>
                    添加评分标准
                  </Button>
                ) : null}
              </>
            )}
          </Form.List>
          <p className={total === TALENT_WEIGHT_TOTAL ? 'ts-hint' : 'ts-error'} role="status">
            当前权重合计 {total}
            {total === TALENT_WEIGHT_TOTAL ? '' : `，须为 ${TALENT_WEIGHT_TOTAL}`}
          </p>
        </fieldset>
        <Form.Item name="judge_ids" label="评委">
          <Select mode="multiple" allowClear placeholder="选择担任评委的老师" optionFilterProp="label" options={data.teachers.map((t) => ({ value: t.id, label: t.name || `教师 #${t.id}` }))} />
        </Form.Item>
        <div className="ts-consent__row">
          <Form.Item name="finalist_count" label="入围人数" rules={[{ required: true, message: TALENT_MSG.FINALISTS }]}>
            <InputNumber min={1} max={TALENT_FINALISTS_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="results_at" label="结果公布时间（北京时间）">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} disabled={show.results_published} />
          </Form.Item>
        </div>
        <Form.Item name="published" label="发布规则（发布后评委开始评分，学生可见）" valuePropName="checked">
          <Switch />
        </Form.Item>
        <div className="ts-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={total !== TALENT_WEIGHT_TOTAL}>
            保存规则
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** /teacher/talent-show/rules — the rules: every teacher reads them; administrators change and publish them. */
export default function TalentShowRulesPage() {
  const [params, setParams] = useSearchParams();
  const activityId = Number(params.get('activity_id')) || undefined;
  const query = useQuery({ queryKey: TS_KEYS.rules(activityId), queryFn: ({ signal }) => fetchRules(activityId, signal) });
  if (query.isPending) return <div className="ts-page ts-page--wide"><LoadingState rows={6} /></div>;
  if (query.isError) return <div className="ts-page ts-page--wide"><ErrorState onRetry={() => void query.refetch()} /></div>;
  const data = query.data;
  if (!data.show)
    return (
      <div className="ts-page ts-page--wide">
        <h1>才艺秀评选规则</h1>
        <EmptyState description={data.can_edit ? '请先在管理后台的活动中创建“才艺秀”类型的活动' : TALENT_MSG.NO_SHOW} />
      </div>
    );
  return (
    <div className="ts-page ts-page--wide">
      <header className="ts-intro">
        <h1>才艺秀评选规则：{data.show.title}</h1>
        <p>{windowLine(data.show)}</p>
        <div className="ts-toolbar">
          <Link to={PATHS.teacherTalentShow}>去评审作品</Link>
          {data.shows.length > 1 ? (
            <Select aria-label="选择才艺秀" className="ts-switch" value={data.show.activity_id} options={data.shows.map((s) => ({ value: s.id, label: s.title }))} onChange={(id: number) => setParams({ activity_id: String(id) })} />
          ) : null}
        </div>
      </header>
      <RulesView data={data} />
      {data.can_edit ? <RulesEditor key={data.show.activity_id} data={data} /> : null}
    </div>
  );
}
