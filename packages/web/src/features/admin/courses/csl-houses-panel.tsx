import { Select } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { cslHouseRowSchema } from '@summit/domain/api/teaching';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/notifier.ts';

const listSchema = z.array(cslHouseRowSchema);
const KEY = ['admin', 'csl-houses'] as const;

/**
 * 学院导师（CSL）: the house each CSL looks after (decision 050). The CSL then sees that house's students on
 * /teacher/house. Only teacher type 3 accounts are listed; the server audits each change.
 */
export function CslHousesPanel({ houses }: { houses: ReadonlyArray<{ id: number; name: string }> }) {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get('/admin/csl-house', { schema: listSchema, signal }) });
  const change = useMutation({
    mutationFn: (v: { accountId: number; houseId: number | null }) =>
      api.request(`/admin/csl-house/${v.accountId}`, { method: 'PUT', body: { house_id: v.houseId }, schema: listSchema }),
    onSuccess: (data) => {
      client.setQueryData(KEY, data);
      toast('success', '已设置负责学院');
    },
  });
  return (
    <section className="structure-assistants" aria-label="学院导师">
      <h3>学院导师（CSL）</h3>
      {list.isPending ? (
        <p>加载中…</p>
      ) : list.isError ? (
        <p>学院导师名单加载失败</p>
      ) : list.data.length === 0 ? (
        <p>暂无学院导师账号</p>
      ) : (
        <ul>
          {list.data.map((c) => (
            <li key={c.account_id}>
              {c.name || '未命名'}（{c.phone}）{' '}
              <Select
                aria-label={`${c.name || '未命名'}负责的学院`}
                allowClear
                placeholder="未设置"
                value={c.house?.id ?? null}
                onChange={(v: number | undefined | null) => change.mutate({ accountId: c.account_id, houseId: v ?? null })}
                options={houses.map((h) => ({ value: h.id, label: h.name }))}
                style={{ minWidth: 180 }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
