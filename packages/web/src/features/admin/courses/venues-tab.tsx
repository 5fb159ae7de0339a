import './structure.css';
import { useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Tag, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Venue, VenueInput } from '@summit/domain/api/courses';
import { SESSION_KEYS, SESSION_NAMES } from '@summit/domain/programme-terms';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { STRUCTURE_KEYS, deleteVenue, fetchVenues, saveVenue } from './structure-api.ts';
import { CheckboxGroupField } from '../../../components/checkbox-group-field.tsx';

const EMPTY: VenueInput = { place_name: '', name: '', city: '', is_beijing: false, capacity: 0, professional_tracks: [], session_keys: [...SESSION_KEYS], address: '', sort: 0 };

/** 会场: place_name (the slug in /roster/{place}), name, city, the Beijing flag, capacity, tracks and sessions. */
export default function VenuesTab() {
  const isPhone = useIsPhone();
  const queryClient = useQueryClient();
  const [toast, holder] = message.useMessage();
  const [form] = Form.useForm<VenueInput>();
  const [editing, setEditing] = useState<Venue | 'new' | null>(null);
  const venues = useQuery({ queryKey: STRUCTURE_KEYS.venues, queryFn: ({ signal }) => fetchVenues({ signal }) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: STRUCTURE_KEYS.venues });

  const open = (venue: Venue | 'new') => {
    setEditing(venue);
    form.resetFields();
    form.setFieldsValue(venue === 'new' ? EMPTY : { ...venue });
  };
  const save = useMutation({
    mutationFn: (v: VenueInput) => saveVenue(editing === 'new' || editing === null ? null : editing.id, { ...EMPTY, ...v }),
    onSuccess: (venue) => {
      void toast.success(`已保存：${venue.name}`);
      setEditing(null);
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) form.setFields([{ name: err.field.split('.')[0] as keyof VenueInput, errors: [err.msg] }]);
    },
  });
  const remove = useMutation({ mutationFn: (id: number) => deleteVenue(id), onSuccess: () => (void toast.success('已删除'), refresh()) });

  let body;
  if (venues.isPending) body = <LoadingState rows={4} />;
  else if (venues.isError) body = <ErrorState onRetry={() => void venues.refetch()} />;
  else
    body = (
      <AdminTable<Venue>
        rowKey="id"
        dataSource={venues.data}
        pagination={false}
        locale={{ emptyText: '还没有会场，点击“新建会场”添加' }}
        columns={[
          { title: '会场', dataIndex: 'name', render: (_v, r) => (
            <span>
              {r.name} {r.is_beijing ? <Tag color="red">北京会场</Tag> : null}
            </span>
          ) },
          { title: '标识', dataIndex: 'place_name' },
          { title: '城市', dataIndex: 'city', render: (v: string) => v || '—' },
          { title: '容量', dataIndex: 'capacity' },
          { title: '已分配学生', dataIndex: 'students' },
          { title: '专业方向', dataIndex: 'professional_tracks', render: (v: string[]) => (v.length ? v.join('、') : '—') },
          { title: '期次', dataIndex: 'session_keys', render: (v: Venue['session_keys']) => v.map((k) => SESSION_NAMES[k]).join('、') },
          {
            title: '操作',
            key: 'actions',
            render: (_v, r) => (
              <Space wrap>
                <Button size="small" onClick={() => open(r)}>
                  编辑
                </Button>
                <Popconfirm title={`删除会场“${r.name}”？`} description="已有课程或学生的会场不能删除。" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(r.id)}>
                  <Button size="small" danger disabled={r.students + r.courses > 0}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    );

  return (
    <section className="admin-card admin-structure" aria-label="会场">
      {holder}
      <div className="admin-structure__bar">
        <h2>会场</h2>
        <Button type="primary" onClick={() => open('new')}>
          新建会场
        </Button>
      </div>
      {body}
      <Drawer open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? '新建会场' : '编辑会场'} width={isPhone ? '100%' : 480} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
          <Form.Item name="name" label="会场名称" rules={[{ required: true, message: '请输入会场名称' }]}>
            <Input maxLength={40} placeholder="如 北京会场" />
          </Form.Item>
          <Form.Item name="place_name" label="会场标识" extra="小写字母、数字或连字符，用于 /roster/{标识} 等地址" rules={[{ required: true, message: '请输入会场标识' }]}>
            <Input maxLength={32} placeholder="如 beijing" />
          </Form.Item>
          <Form.Item name="city" label="城市">
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="is_beijing" label="北京会场" valuePropName="checked" extra="开学典礼等仅限北京会场的页面据此开放">
            <Switch />
          </Form.Item>
          <Form.Item name="capacity" label="容量（人）" rules={[{ required: true, message: '请输入容量' }]}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="professional_tracks" label="专业方向" extra="输入后回车，如 H-">
            <Select mode="tags" tokenSeparators={[',', '，']} placeholder="如 H-" />
          </Form.Item>
          <Form.Item name="session_keys" label="期次" rules={[{ required: true, message: '请至少选择一期' }]}>
            <CheckboxGroupField options={SESSION_KEYS.map((k) => ({ value: k, label: SESSION_NAMES[k] }))} />
          </Form.Item>
          <Form.Item name="address" label="地址">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} block>
            保存会场
          </Button>
        </Form>
      </Drawer>
    </section>
  );
}
