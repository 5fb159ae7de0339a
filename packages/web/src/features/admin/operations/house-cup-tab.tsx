import '../shell/ops.css';
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select, Tag, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HOUSE_CUP_POINTS_MAX, HOUSE_CUP_REASON_MAX, type HouseCupEntry, type HouseCupEntryInput } from '@summit/domain/api/house-cup';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { formatTime } from '../shell/admin-format.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { ExportButton, sheetQuery } from '../shell/export-button.tsx';
import { OPS_KEYS, fetchLeaderboard, fetchLedger, giveHousePoints, reverseHousePoints } from './ops-api.ts';
import { STRUCTURE_KEYS, fetchHouses, fetchVenues } from '../courses/structure-api.ts';
import { usePagedList } from '../shell/use-paged-list.ts';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';

type EntryForm = { house_id?: number; points?: number; reason?: string; venue_id?: number | null };

/** 学院杯: give or take points, the leaderboard, and the ledger where a mistake is reversed, never edited (decision 060). */
export default function HouseCupTab() {
  const isPhone = useIsPhone();
  const queryClient = useQueryClient();
  const [toast, toastHolder] = message.useMessage();
  const [form] = Form.useForm<EntryForm>();
  const [houseFilter, setHouseFilter] = useState<number | undefined>(undefined);
  const [reversing, setReversing] = useState<HouseCupEntry | null>(null);
  const [why, setWhy] = useState('');

  const houses = useQuery({ queryKey: STRUCTURE_KEYS.houses, queryFn: ({ signal }) => fetchHouses({ signal }) });
  const venues = useQuery({ queryKey: STRUCTURE_KEYS.venues, queryFn: ({ signal }) => fetchVenues({ signal }) });
  const board = useQuery({ queryKey: OPS_KEYS.leaderboard, queryFn: ({ signal }) => fetchLeaderboard({ signal }) });
  const {
    setPage,
    list: ledger,
    pagination,
  } = usePagedList({ filter: houseFilter ? { house_id: houseFilter } : {}, queryKey: (query) => [...OPS_KEYS.ledger, query], fetch: (query, signal) => fetchLedger(query, { signal }) });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'house-cup'] });
    void queryClient.invalidateQueries({ queryKey: OPS_KEYS.audit });
  };
  const give = useMutation({
    mutationFn: (v: HouseCupEntryInput) => giveHousePoints(v),
    onSuccess: (entry) => {
      void toast.success(`已记录：${entry.house.name}学院 ${entry.points > 0 ? '+' : ''}${entry.points} 分`);
      form.resetFields(['points', 'reason']);
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as keyof EntryForm, errors: [err.msg] }]);
    },
  });
  const reverse = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => reverseHousePoints(id, reason),
    onSuccess: (entry) => {
      void toast.success(`已冲正：${entry.house.name}学院 ${entry.points > 0 ? '+' : ''}${entry.points} 分`);
      setReversing(null);
      setWhy('');
      refresh();
    },
  });

  const houseOptions = (houses.data ?? []).map((h) => ({ value: h.id, label: `${h.name}学院` }));
  const submit = (v: EntryForm) => give.mutate({ house_id: v.house_id!, points: v.points!, reason: (v.reason ?? '').trim(), venue_id: v.venue_id ?? null });

  let boardBody;
  if (board.isPending) boardBody = <LoadingState rows={4} />;
  else if (board.isError) boardBody = <ErrorState onRetry={() => void board.refetch()} />;
  else
    boardBody = (
      <ol className="ops-board" aria-label="学院杯积分榜">
        {board.data.houses.map((h) => (
          <li key={h.house_id} className="ops-board__row" data-testid={`board-${h.code}`}>
            <span className="ops-board__rank">{`第 ${h.rank} 名`}</span>
            <span className="ops-board__chip" style={{ background: h.colour }} aria-hidden="true" />
            <span className="ops-board__name">{h.name}学院</span>
            <span className="ops-board__points">{`${h.points} 分`}</span>
          </li>
        ))}
      </ol>
    );

  let ledgerBody;
  if (ledger.isPending) ledgerBody = <LoadingState rows={6} />;
  else if (ledger.isError) ledgerBody = <ErrorState onRetry={() => void ledger.refetch()} />;
  else
    ledgerBody = (
      <AdminTable<HouseCupEntry>
        rowKey="id"
        loading={ledger.isFetching}
        dataSource={ledger.data.items}
        locale={{ emptyText: '暂无记录' }}
        pagination={pagination}
        columns={[
          { title: '学院', key: 'house', render: (_v, e) => (
            <span className="admin-house-name">
              <span className="admin-house-swatch" style={{ background: e.house.colour }} aria-hidden="true" />
              {e.house.name}学院 <strong className={e.points > 0 ? 'ops-plus' : 'ops-minus'}>{e.points > 0 ? `+${e.points}` : e.points}</strong>
            </span>
          ) },
          { title: '原因', dataIndex: 'reason' },
          { title: '时间', dataIndex: 'created_at', render: (v: string) => formatTime(v) },
          { title: '记录人', key: 'giver', render: (_v, e) => e.giver.name || `#${e.giver.id}` },
          { title: '会场', key: 'venue', render: (_v, e) => e.venue?.name ?? '全部' },
          { title: '状态', key: 'state', render: (_v, e) =>
            e.reverses_id !== null ? <Tag color="orange">{`冲正 #${e.reverses_id}`}</Tag> : e.reversed_by_id !== null ? <Tag>{`已冲正（#${e.reversed_by_id}）`}</Tag> : <Tag color="green">有效</Tag> },
          { title: '编号', dataIndex: 'id', render: (v: number) => `#${v}` },
          { title: '操作', key: 'actions', render: (_v, e) =>
            e.reverses_id === null && e.reversed_by_id === null ? (
              <Button size="small" danger onClick={() => setReversing(e)}>冲正</Button>
            ) : '—' },
        ]}
      />
    );

  return (
    <div className="admin-ops">
      {toastHolder}
      <section className="admin-card" aria-label="加分或扣分">
        <h2>加分 / 扣分</h2>
        <p className="ops-muted">记录一经提交不能修改或删除；记错时在流水中“冲正”，系统会新增一条相反分数的记录。</p>
        <Form form={form} layout={isPhone ? 'vertical' : 'inline'} className="ops-form" onFinish={submit} disabled={give.isPending}>
          <Form.Item name="house_id" label="学院" rules={[{ required: true, message: '请选择学院' }]}>
            <Select className="ops-select" placeholder="选择学院" options={houseOptions} loading={houses.isPending} aria-label="学院" />
          </Form.Item>
          <Form.Item name="points" label="分数" rules={[{ required: true, message: '请输入分数' }]} extra={isPhone ? '扣分请输入负数' : undefined}>
            <InputNumber min={-HOUSE_CUP_POINTS_MAX} max={HOUSE_CUP_POINTS_MAX} precision={0} placeholder="如 10 或 -5" aria-label="分数" className="ops-points" />
          </Form.Item>
          <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请填写原因' }]}>
            <Input maxLength={HOUSE_CUP_REASON_MAX} placeholder="如：辩论赛冠军" aria-label="原因" className="ops-reason" />
          </Form.Item>
          <Form.Item name="venue_id" label="会场">
            <Select className="ops-select" allowClear placeholder="全部会场" aria-label="会场" options={(venues.data ?? []).map((v) => ({ value: v.id, label: v.name }))} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={give.isPending} block={isPhone}>
              提交
            </Button>
          </Form.Item>
        </Form>
      </section>

      <div className="ops-columns">
        <section className="admin-card ops-columns__board" aria-label="积分榜">
          <h2>积分榜</h2>
          {boardBody}
        </section>
        <section className="admin-card ops-columns__ledger" aria-label="流水">
          <div className="ops-head">
            <h2>流水</h2>
            <EnumFilterSelect
              className="ops-select"
              placeholder="全部学院"
              label="按学院筛选"
              value={houseFilter}
              onChange={(v: number | undefined) => {
                setHouseFilter(v);
                setPage(1);
              }}
              options={houseOptions}
            />
            <ExportButton path="/admin/house-cup/export" query={sheetQuery({ house_id: houseFilter })} fileName="学院杯积分.xlsx" />
          </div>
          {ledgerBody}
        </section>
      </div>

      <Modal
        open={reversing !== null}
        title={reversing ? `冲正 #${reversing.id}：${reversing.house.name}学院 ${reversing.points > 0 ? '+' : ''}${reversing.points} 分` : ''}
        okText="确认冲正"
        okButtonProps={{ danger: true, disabled: why.trim() === '', loading: reverse.isPending }}
        cancelText="取消"
        onCancel={() => {
          setReversing(null);
          setWhy('');
        }}
        onOk={() => reversing && reverse.mutate({ id: reversing.id, reason: why.trim() })}
        destroyOnHidden
      >
        <p>原记录保留，系统将新增一条 {reversing ? -reversing.points : 0} 分的冲正记录。每条记录只能冲正一次。</p>
        <Input.TextArea aria-label="冲正原因" placeholder="冲正原因（必填）" maxLength={HOUSE_CUP_REASON_MAX} value={why} onChange={(e) => setWhy(e.target.value)} rows={3} />
      </Modal>
    </div>
  );
}
