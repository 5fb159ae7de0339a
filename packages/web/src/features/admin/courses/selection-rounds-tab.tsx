import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tag, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUND_STATUS_LABELS, SELECTION_MODE_LABELS, SELECTION_MODES, allocationRunSchema, roundSchema, waitlistViewSchema, type AllocationRun, type RoundBody, type SelectionRound } from '@summit/domain/api/course-centre';
import { COURSE_CENTRE_MSG, SEAT_TARGET_DEFAULT, SEAT_TARGET_MAX } from '@summit/domain/course-allocation';
import { COURSE_CATEGORIES, COURSE_CATEGORY_LABELS } from '@summit/domain/course-terms';
import { SESSION_KEYS, SESSION_NAMES } from '@summit/domain/programme-terms';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { api } from '../../../lib/api-client.ts';
import { beijingWallClockToIso, formatTime } from '../shell/admin-format.ts';
import { STRUCTURE_KEYS, fetchVenues } from './structure-api.ts';

const base = '/admin/selection-rounds';
const KEYS = { rounds: ['admin', 'selection-rounds'] as const, runs: (id: number) => ['admin', 'selection-rounds', id, 'runs'] as const, waitlists: (id: number) => ['admin', 'selection-rounds', id, 'waitlists'] as const };
const fetchRounds = (signal?: AbortSignal) => api.get(base, { schema: z.array(roundSchema), ...(signal ? { signal } : {}) });
const createRound = (body: RoundBody) => api.post(base, body, { schema: roundSchema, fieldNames: ['name', 'closes_at', 'opens_at', 'categories'] });
const setStatus = (id: number, status: 'open' | 'closed' | 'draft') => api.post(`${base}/${id}/status`, { status }, { schema: roundSchema });
const dryRun = (id: number, seed: string) => api.post(`${base}/${id}/dry-run`, { seed }, { schema: allocationRunSchema });
const fetchRuns = (id: number) => api.get(`${base}/${id}/runs`, { schema: z.array(allocationRunSchema) });
const commit = (id: number, runId: number) => api.post(`${base}/${id}/commit`, { run_id: runId }, { schema: roundSchema });
const fetchWaitlists = (id: number) => api.get(`${base}/${id}/waitlists`, { schema: waitlistViewSchema });

interface RoundForm {
  name: string;
  /** 0 = every venue (the API's null). */
  venue_id: number;
  session_key: RoundBody['session_key'];
  categories: RoundBody['categories'];
  mode: RoundBody['mode'];
  seat_target: number;
  window: [Dayjs, Dayjs];
}

function CreateRoundCard({ onCreated }: { onCreated: () => void }) {
  const [form] = Form.useForm<RoundForm>();
  const [toast, holder] = message.useMessage();
  const venues = useQuery({ queryKey: STRUCTURE_KEYS.venues, queryFn: ({ signal }) => fetchVenues({ signal }) });
  const create = useMutation({
    mutationFn: (v: RoundForm) =>
      createRound({ name: v.name, session_key: v.session_key, venue_id: v.venue_id ? v.venue_id : null, categories: v.categories, mode: v.mode, seat_target: v.seat_target, opens_at: beijingWallClockToIso(v.window[0]), closes_at: beijingWallClockToIso(v.window[1]) }),
    onSuccess: (round) => {
      void toast.success(`已创建「${round.name}」（草稿）`);
      form.resetFields();
      onCreated();
    },
  });
  return (
    <section className="admin-card" aria-label="新建选课轮次">
      {holder}
      <h2>新建选课轮次</h2>
      <Form form={form} layout="vertical" initialValues={{ session_key: 'first', venue_id: 0, mode: 'grab', seat_target: SEAT_TARGET_DEFAULT, categories: ['seminar'] }} onFinish={(v) => create.mutate(v)}>
        <Form.Item name="name" label="轮次名称" rules={[{ required: true, message: '请填写轮次名称' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="session_key" label="期次">
            <Select style={{ minWidth: 140 }} options={SESSION_KEYS.map((k) => ({ value: k, label: SESSION_NAMES[k] }))} />
          </Form.Item>
          <Form.Item name="venue_id" label="会场">
            <Select aria-label="会场" style={{ minWidth: 160 }} loading={venues.isPending} options={[{ value: 0, label: '全部会场' }, ...(venues.data ?? []).map((v) => ({ value: v.id, label: v.name }))]} />
          </Form.Item>
          <Form.Item name="mode" label="分配方式">
            <Select style={{ minWidth: 180 }} options={SELECTION_MODES.map((m) => ({ value: m, label: SELECTION_MODE_LABELS[m] }))} />
          </Form.Item>
          <Form.Item noStyle dependencies={['mode']}>
            {({ getFieldValue }) =>
              getFieldValue('mode') === 'preference' ? (
                <Form.Item name="seat_target" label="每人目标门数" tooltip="志愿分配先让每位学生达到此门数，再把剩余名额分给仍有志愿的学生" rules={[{ required: true, message: COURSE_CENTRE_MSG.SEAT_TARGET }]}>
                  <InputNumber aria-label="每人目标门数" min={1} max={SEAT_TARGET_MAX} precision={0} style={{ width: 120 }} />
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </Space>
        <Form.Item name="categories" label="课程类别" rules={[{ required: true, message: '请至少选择一个课程类别' }]}>
          <Select mode="multiple" options={COURSE_CATEGORIES.map((c) => ({ value: c, label: COURSE_CATEGORY_LABELS[c] }))} />
        </Form.Item>
        <Form.Item name="window" label="开放时间（北京时间）" rules={[{ required: true, message: '请选择开放与结束时间' }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm:ss' }} format="YYYY-MM-DD HH:mm:ss" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          创建
        </Button>
      </Form>
    </section>
  );
}

function FairnessTable({ run }: { run: AllocationRun }) {
  const f = run.fairness;
  return (
    <div aria-label="公平性统计">
      <p>
        种子 <code>{run.seed}</code>：{f.students} 名同学，分配 {f.seatsAssigned} 个名额；第1志愿 {f.first} 人，第2志愿 {f.second} 人，第3志愿 {f.third} 人，未分到任何课程 {f.unplaced} 人；{f.target === undefined ? '' : `每人目标${f.target}门，未达目标 ${f.belowTarget ?? 0} 人（其中仍有空余志愿名额 ${f.belowTargetWithSeatFree ?? 0} 人）；`}候补 {run.waitlist.length} 条。
      </p>
      <Table
        size="small"
        rowKey={(a) => `${a.student_id}-${a.course_id}`}
        pagination={{ pageSize: 10 }}
        dataSource={run.assignments}
        columns={[
          { title: '学生', dataIndex: 'student_name' },
          { title: '课程', dataIndex: 'course_title' },
          { title: '志愿', dataIndex: 'rank', render: (r: number) => `第${r}志愿` },
        ]}
      />
    </div>
  );
}

function RoundDetail({ round }: { round: SelectionRound }) {
  const client = useQueryClient();
  const [seed, setSeed] = useState('');
  const [toast, holder] = message.useMessage();
  const runs = useQuery({ queryKey: KEYS.runs(round.id), queryFn: () => fetchRuns(round.id), enabled: round.mode === 'preference' });
  const waitlists = useQuery({ queryKey: KEYS.waitlists(round.id), queryFn: () => fetchWaitlists(round.id) });
  const refresh = () => void client.invalidateQueries({ queryKey: KEYS.rounds });
  const run = useMutation({ mutationFn: () => dryRun(round.id, seed.trim()), onSuccess: () => void client.invalidateQueries({ queryKey: KEYS.runs(round.id) }) });
  const doCommit = useMutation({
    mutationFn: (runId: number) => commit(round.id, runId),
    onSuccess: () => {
      void toast.success('分配结果已提交');
      refresh();
      void client.invalidateQueries({ queryKey: KEYS.runs(round.id) });
      void client.invalidateQueries({ queryKey: KEYS.waitlists(round.id) });
    },
  });
  const latest = runs.data?.[0];
  return (
    <div className="admin-section">
      {holder}
      {round.mode === 'preference' ? (
        <>
          <h3>志愿分配</h3>
          <Space wrap>
            <Input aria-label="随机种子" placeholder="随机种子（留空自动生成）" value={seed} onChange={(e) => setSeed(e.target.value)} style={{ width: 240 }} />
            <Button onClick={() => run.mutate()} loading={run.isPending} disabled={round.status === 'allocated'}>
              试算
            </Button>
            {latest && !latest.committed_at && round.status !== 'allocated' ? (
              <Popconfirm title="提交后名额将写入学生课表，且不能再次分配。确定提交？" okText="提交" cancelText="取消" onConfirm={() => doCommit.mutate(latest.id)}>
                <Button type="primary" loading={doCommit.isPending}>
                  提交此次试算
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
          {latest ? <FairnessTable run={latest} /> : <p className="adm-muted">尚未试算。</p>}
        </>
      ) : null}
      <h3>候补名单</h3>
      {waitlists.isPending ? (
        <LoadingState rows={2} />
      ) : waitlists.isError ? (
        <ErrorState onRetry={() => void waitlists.refetch()} />
      ) : waitlists.data.length === 0 ? (
        <p className="adm-muted">暂无候补。</p>
      ) : (
        waitlists.data.map((w) => (
          <p key={w.course_id}>
            《{w.course_title}》：{w.entries.map((e, i) => `${i + 1}. ${e.student_name}${e.promoted_at ? '（已补选）' : ''}`).join('，')}
          </p>
        ))
      )}
    </div>
  );
}

/** 选课轮次 (decision 042): create rounds, open and close them, preference dry run and commit, waitlists. */
export default function SelectionRoundsTab() {
  const client = useQueryClient();
  const rounds = useQuery({ queryKey: KEYS.rounds, queryFn: ({ signal }) => fetchRounds(signal) });
  const venues = useQuery({ queryKey: STRUCTURE_KEYS.venues, queryFn: ({ signal }) => fetchVenues({ signal }) });
  const status = useMutation({ mutationFn: (v: { id: number; status: 'open' | 'closed' | 'draft' }) => setStatus(v.id, v.status), onSettled: () => void client.invalidateQueries({ queryKey: KEYS.rounds }) });
  return (
    <div>
      <CreateRoundCard onCreated={() => void client.invalidateQueries({ queryKey: KEYS.rounds })} />
      <section className="admin-card" aria-label="选课轮次">
        <h2>选课轮次</h2>
        {rounds.isPending ? (
          <LoadingState rows={4} />
        ) : rounds.isError ? (
          <ErrorState onRetry={() => void rounds.refetch()} />
        ) : (
          <Table
            rowKey="id"
            dataSource={rounds.data}
            pagination={false}
            scroll={{ x: 800 }}
            expandable={{ expandedRowRender: (r) => <RoundDetail round={r} /> }}
            locale={{ emptyText: '还没有选课轮次' }}
            columns={[
              { title: '名称', dataIndex: 'name' },
              { title: '期次', dataIndex: 'session_key', render: (k: SelectionRound['session_key']) => SESSION_NAMES[k] },
              { title: '会场', dataIndex: 'venue_id', render: (id: number | null) => (id === null ? '全部会场' : (venues.data?.find((v) => v.id === id)?.name ?? `#${id}`)) },
              { title: '方式', dataIndex: 'mode', render: (m: SelectionRound['mode'], r: SelectionRound) => (m === 'preference' ? `${SELECTION_MODE_LABELS[m]}（每人${r.seat_target}门）` : SELECTION_MODE_LABELS[m]) },
              { title: '类别', dataIndex: 'categories', render: (cs: SelectionRound['categories']) => cs.map((c) => COURSE_CATEGORY_LABELS[c].replace(/（.*）/, '')).join('、') },
              { title: '开放', dataIndex: 'opens_at', render: formatTime },
              { title: '结束', dataIndex: 'closes_at', render: formatTime },
              { title: '状态', dataIndex: 'status', render: (s: SelectionRound['status']) => <Tag color={s === 'open' ? 'green' : s === 'allocated' ? 'blue' : undefined}>{ROUND_STATUS_LABELS[s]}</Tag> },
              {
                title: '操作',
                render: (_: unknown, r: SelectionRound) =>
                  r.status === 'allocated' ? null : r.status === 'open' ? (
                    <Button onClick={() => status.mutate({ id: r.id, status: 'closed' })}>关闭</Button>
                  ) : (
                    <Button type="primary" onClick={() => status.mutate({ id: r.id, status: 'open' })}>
                      开放
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </section>
    </div>
  );
}
