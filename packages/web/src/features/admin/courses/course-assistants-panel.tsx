import { useState } from 'react';
import { Button, Popconfirm, Select } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { courseAssistantSchema } from '@summit/domain/api/teaching';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/notifier.ts';

const listSchema = z.array(courseAssistantSchema);
const keyOf = (courseId: number) => ['admin', 'course-assistants', courseId] as const;

/**
 * 助教（TF）of one course (decision 050): the TFs attached here see the course's roster, meetings and sign-ins.
 * Only teacher type 2 accounts can be attached; the server refuses others with its message.
 */
export function CourseAssistantsPanel({ courseId, teachers }: { courseId: number; teachers: ReadonlyArray<{ id: number; name: string; phone: string }> }) {
  const client = useQueryClient();
  const [pick, setPick] = useState<number | null>(null);
  const list = useQuery({ queryKey: keyOf(courseId), queryFn: ({ signal }) => api.get(`/admin/courses/${courseId}/assistants`, { schema: listSchema, signal }) });
  const change = useMutation({
    mutationFn: (v: { add: boolean; accountId: number }) =>
      v.add
        ? api.post(`/admin/courses/${courseId}/assistants`, { account_id: v.accountId }, { schema: listSchema })
        : api.request(`/admin/courses/${courseId}/assistants/${v.accountId}`, { method: 'DELETE', schema: listSchema }),
    onSuccess: (data, v) => {
      client.setQueryData(keyOf(courseId), data);
      toast('success', v.add ? '已添加助教' : '已移除助教');
      setPick(null);
    },
  });
  return (
    <section className="structure-assistants" aria-label="课程助教">
      <h3>助教（TF）</h3>
      {list.isPending ? <p>加载中…</p> : list.isError ? <p>助教名单加载失败</p> : list.data.length === 0 ? <p>暂无助教</p> : (
        <ul>
          {list.data.map((a) => (
            <li key={a.id}>
              {a.name}（{a.phone}）
              <Popconfirm title={`移除助教 ${a.name}？`} okText="移除" cancelText="取消" onConfirm={() => change.mutate({ add: false, accountId: a.id })}>
                <Button size="small" type="link" danger>
                  移除
                </Button>
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
      <Select
        aria-label="选择助教账号"
        showSearch
        optionFilterProp="label"
        placeholder="选择 TF 账号"
        value={pick}
        onChange={(v: number) => setPick(v)}
        options={teachers.map((t) => ({ value: t.id, label: `${t.name || '未命名'}（${t.phone}）` }))}
        style={{ minWidth: 220 }}
      />{' '}
      <Button disabled={pick === null} loading={change.isPending} onClick={() => pick !== null && change.mutate({ add: true, accountId: pick })}>
        添加助教
      </Button>
    </section>
  );
}
