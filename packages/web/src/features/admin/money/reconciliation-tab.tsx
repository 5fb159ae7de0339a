import '../shell/ops.css';
import './reconciliation.css';
import { useState } from 'react';
import { Button, DatePicker, Input, Modal, Tag, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReconMismatch, ReconMismatchQuery, ReconRun } from '@summit/domain/api/reconciliation';
import { formatAmount } from '@summit/domain/payments';
import { RECON_MISMATCH_KINDS, RECON_MISMATCH_LABELS, RECON_NOTE_MAX, RECON_RUN_STATUS_LABELS, reconGatewayLabel, reconStatusLabel, type ReconMismatchKind } from '@summit/domain/receipts';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { formatTime } from '../shell/admin-format.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { ExportButton, sheetQuery } from '../shell/export-button.tsx';
import { RECON_KEYS, downloadAdminReceipt, fetchReconMismatches, fetchReconRuns, noteMismatch, runReconciliation } from './reconciliation-api.ts';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';

const DAY = 'YYYY-MM-DD';
/** Yesterday in Beijing: the latest day that can be reconciled. */
const yesterday = () => dayjs().tz('Asia/Shanghai').subtract(1, 'day');
const money = (fen: number | null, currency: string | null) => (fen === null ? '—' : formatAmount(fen, currency ?? 'CNY'));
const statusColor = { succeeded: 'green', failed: 'red', running: 'blue' } as const;

/** One side of a run: counts, then the amounts of each currency on their own line (never added together). */
function RunTotals({ run, side }: { run: ReconRun; side: 'ours' | 'bill' }) {
  const count = side === 'ours' ? run.ours_paid_count : run.bill_paid_count;
  const refundCount = side === 'ours' ? run.ours_refund_count : run.bill_refund_count;
  const lines = run.totals.filter((t) => (side === 'ours' ? t.ours_paid_count + t.ours_refund_count : t.bill_paid_count + t.bill_refund_count) > 0);
  return (
    <>
      收款 {count} 笔{refundCount > 0 ? <small className="ops-muted">，退款 {refundCount} 笔</small> : null}
      {lines.map((t) => {
        const paid = side === 'ours' ? t.ours_paid_fen : t.bill_paid_fen;
        const refunded = side === 'ours' ? t.ours_refund_fen : t.bill_refund_fen;
        return (
          <div key={t.currency} data-testid={`run-total-${side}-${t.currency}`}>
            {formatAmount(paid, t.currency)}
            {refunded > 0 ? <small className="ops-muted">，退款 {formatAmount(refunded, t.currency)}</small> : null}
          </div>
        );
      })}
    </>
  );
}

/** 对账 (decision 073): each day's runs per payment gateway, their mismatches, notes, export, receipts. */
export default function ReconciliationTab() {
  const qc = useQueryClient();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [yesterday().subtract(13, 'day'), yesterday()]);
  const [day, setDay] = useState<Dayjs>(yesterday);
  const [gateway, setGateway] = useState<string | undefined>();
  const [kind, setKind] = useState<ReconMismatchKind | undefined>();
  const [resolved, setResolved] = useState<'yes' | 'no' | undefined>();
  const [runId, setRunId] = useState<number | undefined>();
  const [noting, setNoting] = useState<ReconMismatch | null>(null);
  const [note, setNote] = useState('');

  const from = range[0].format(DAY);
  const to = range[1].format(DAY);
  const runsQuery = { from, to, ...(gateway ? { gateway } : {}) };
  const runs = useQuery({ queryKey: RECON_KEYS.runs(runsQuery), queryFn: ({ signal }) => fetchReconRuns(runsQuery, signal), placeholderData: keepPreviousData });
  const mismatchQuery: ReconMismatchQuery = runId ? { run_id: runId } : { from, to, ...(gateway ? { gateway } : {}) };
  if (kind) mismatchQuery.kind = kind;
  if (resolved) mismatchQuery.resolved = resolved;
  const mismatches = useQuery({ queryKey: RECON_KEYS.mismatches(mismatchQuery), queryFn: ({ signal }) => fetchReconMismatches(mismatchQuery, signal), placeholderData: keepPreviousData });

  const rerun = useMutation({
    mutationFn: () => runReconciliation(day.format(DAY), gateway),
    onSuccess: (res) => {
      const failed = res.runs.filter((r) => r.status === 'failed');
      const found = res.runs.reduce((n, r) => n + r.mismatch_count, 0);
      if (failed.length > 0) void message.error(`${failed.map((r) => r.gateway_label).join('、')} 对账失败：${failed[0]?.failure_reason ?? ''}`);
      else void message.success(found > 0 ? `对账完成，发现 ${found} 条差异` : '对账完成，账目一致');
      setRunId(undefined);
      if (day.isBefore(range[0], 'day') || day.isAfter(range[1], 'day')) setRange([day.subtract(6, 'day'), day]);
      void qc.invalidateQueries({ queryKey: RECON_KEYS.all });
    },
  });
  const saveNote = useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => noteMismatch(id, text),
    onSuccess: () => {
      void message.success('已保存处理说明');
      setNoting(null);
      void qc.invalidateQueries({ queryKey: RECON_KEYS.all });
    },
  });

  const gateways = runs.data?.gateways ?? [];
  let runBody;
  if (runs.isPending) runBody = <LoadingState rows={4} />;
  else if (runs.isError) runBody = <ErrorState onRetry={() => void runs.refetch()} />;
  else
    runBody = (
      <AdminTable<ReconRun>
        rowKey="id"
        loading={runs.isFetching}
        dataSource={runs.data.items}
        locale={{ emptyText: '所选日期还没有对账记录' }}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        rowClassName={(r) => (r.id === runId ? 'ops-row--selected' : '')}
        onRow={(r) => ({ onClick: () => setRunId(r.id === runId ? undefined : r.id) })}
        columns={[
          { title: '对账日期', dataIndex: 'day' },
          { title: '支付渠道', dataIndex: 'gateway_label' },
          {
            title: '状态',
            key: 'status',
            render: (_v, r) => (
              <>
                <Tag color={statusColor[r.status]}>{RECON_RUN_STATUS_LABELS[r.status]}</Tag>
                {!r.latest ? <small className="ops-muted">（已被重新对账）</small> : null}
                {r.failure_reason ? <div className="ops-muted" data-testid="run-failure">{r.failure_reason}</div> : null}
              </>
            ),
          },
          { title: '本平台', key: 'ours', render: (_v, r) => <RunTotals run={r} side="ours" /> },
          { title: '渠道账单', key: 'bill', render: (_v, r) => (r.status === 'succeeded' ? <RunTotals run={r} side="bill" /> : '—') },
          { title: '差异', dataIndex: 'mismatch_count', render: (n: number, r) => (r.status !== 'succeeded' ? '—' : n > 0 ? <Tag color="red">{n} 条</Tag> : <Tag color="green">一致</Tag>) },
          { title: '方式', dataIndex: 'trigger', render: (v: string) => (v === 'admin' ? '手动' : '每日自动') },
          { title: '完成时间', dataIndex: 'finished_at', render: (v: string | null) => formatTime(v) },
        ]}
      />
    );

  let mismatchBody;
  if (mismatches.isPending) mismatchBody = <LoadingState rows={4} />;
  else if (mismatches.isError) mismatchBody = <ErrorState onRetry={() => void mismatches.refetch()} />;
  else
    mismatchBody = (
      <AdminTable<ReconMismatch>
        rowKey="id"
        loading={mismatches.isFetching}
        dataSource={mismatches.data.items}
        locale={{ emptyText: '没有差异' }}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { title: '日期', dataIndex: 'day' },
          { title: '渠道', dataIndex: 'gateway', render: (v: string) => reconGatewayLabel(v) },
          { title: '差异类型', dataIndex: 'kind', render: (k: ReconMismatchKind) => <Tag color="orange">{RECON_MISMATCH_LABELS[k]}</Tag> },
          {
            title: '订单号',
            key: 'order',
            render: (_v, m) => (
              <>
                <code>{m.order_no}</code>
                {m.refund_no ? <div className="ops-muted">退款单 {m.refund_no}</div> : null}
              </>
            ),
          },
          { title: '本平台', key: 'ours', render: (_v, m) => `${money(m.ours_amount_fen, m.ours_currency)} ${m.ours_status ? reconStatusLabel(m.ours_status) : '无记录'}` },
          { title: '渠道账单', key: 'bill', render: (_v, m) => `${money(m.bill_amount_fen, m.bill_currency)} ${m.bill_status ? reconStatusLabel(m.bill_status) : '无记录'}` },
          {
            title: '处理说明',
            key: 'note',
            render: (_v, m) => (
              <>
                {m.note ? (
                  <div>
                    {m.note}
                    <div className="ops-muted">
                      {m.noted_by} · {formatTime(m.noted_at)}
                    </div>
                  </div>
                ) : (
                  <Tag>未处理</Tag>
                )}
                <Button
                  size="small"
                  onClick={() => {
                    setNoting(m);
                    setNote(m.note ?? '');
                  }}
                >
                  {m.note ? '修改说明' : '填写说明'}
                </Button>
              </>
            ),
          },
          {
            title: '收据',
            key: 'receipt',
            render: (_v, m) => (m.has_receipt ? <Button size="small" onClick={() => void downloadAdminReceipt(m.order_no).catch(() => undefined)}>下载收据</Button> : '—'),
          },
        ]}
      />
    );

  return (
    <div className="admin-ops">
      <section className="admin-card" aria-label="对账">
        <h2>对账</h2>
        <p className="ops-muted">每天北京时间 10:00 自动拉取前一日各支付渠道的账单，与本平台的已支付订单和成功退款逐笔比对；也可以选择日期重新对账。</p>
        <div className="ops-filters">
          <DatePicker
            aria-label="对账日期"
            value={day}
            allowClear={false}
            onChange={(d) => d && setDay(d)}
            disabledDate={(d) => !d.isBefore(dayjs().tz('Asia/Shanghai'), 'day')}
          />
          <EnumFilterSelect
            label="支付渠道"
            placeholder="全部渠道"
            value={gateway}
            onChange={(v: string | undefined) => {
              setGateway(v);
              setRunId(undefined);
            }}
            options={gateways.map((g) => ({ value: g.id, label: g.label }))}
          />
          <Button type="primary" loading={rerun.isPending} onClick={() => rerun.mutate()}>
            重新对账
          </Button>
        </div>
        <div className="ops-filters">
          <DatePicker.RangePicker
            aria-label="日期范围"
            className="recon-range"
            value={range}
            allowClear={false}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0], v[1]]);
              setRunId(undefined);
            }}
          />
        </div>
        {runBody}
      </section>

      <section className="admin-card" aria-label="对账差异">
        <h2>
          对账差异
          {runId ? (
            <small className="ops-muted">
              （仅第 {runId} 次对账）<Button type="link" size="small" onClick={() => setRunId(undefined)}>显示全部</Button>
            </small>
          ) : null}
        </h2>
        <div className="ops-filters">
          <EnumFilterSelect label="差异类型" placeholder="全部差异类型" value={kind} onChange={setKind} keys={RECON_MISMATCH_KINDS} labels={RECON_MISMATCH_LABELS} />
          <EnumFilterSelect
            label="处理状态"
            placeholder="全部处理状态"
            value={resolved}
            onChange={(v: 'yes' | 'no' | undefined) => setResolved(v)}
            options={[
              { value: 'no', label: '未处理' },
              { value: 'yes', label: '已处理' },
            ]}
          />
          <ExportButton path="/admin/reconciliation/export" query={sheetQuery({ ...mismatchQuery })} fileName="对账差异.xlsx" />
          {mismatches.data ? <span className="ops-muted">共 {mismatches.data.total} 条</span> : null}
        </div>
        {mismatchBody}
      </section>

      <Modal
        title="处理说明"
        open={noting !== null}
        okText="保存"
        confirmLoading={saveNote.isPending}
        onCancel={() => setNoting(null)}
        onOk={() => noting && saveNote.mutate({ id: noting.id, text: note })}
        destroyOnHidden
      >
        {noting ? (
          <p className="ops-muted">
            {RECON_MISMATCH_LABELS[noting.kind]} · {noting.order_no}
          </p>
        ) : null}
        <Input.TextArea aria-label="处理说明" rows={4} maxLength={RECON_NOTE_MAX} showCount value={note} onChange={(e) => setNote(e.target.value)} placeholder="例如：渠道手续费差异，已与财务核对" />
      </Modal>
    </div>
  );
}
