import './structure.css';
import { useState } from 'react';
import { Button, ColorPicker, Drawer, Form, Input, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HouseRecord, HouseUpdate } from '@summit/domain/api/courses';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { CslHousesPanel } from './csl-houses-panel.tsx';
import { STRUCTURE_KEYS, fetchHouses, saveHouse } from './structure-api.ts';

type HouseForm = Omit<HouseUpdate, 'colour'> & { colour: string | { toHexString(): string } };

/** 学院: the twelve houses exist; admins edit their names, colours and mottos. */
export default function HousesTab() {
  const isPhone = useIsPhone();
  const queryClient = useQueryClient();
  const [toast, holder] = message.useMessage();
  const [form] = Form.useForm<HouseForm>();
  const [editing, setEditing] = useState<HouseRecord | null>(null);
  const houses = useQuery({ queryKey: STRUCTURE_KEYS.houses, queryFn: ({ signal }) => fetchHouses({ signal }) });
  const save = useMutation({
    mutationFn: (v: HouseForm) => saveHouse(editing!.id, { ...v, colour: typeof v.colour === 'string' ? v.colour : v.colour.toHexString() }),
    onSuccess: (house) => {
      void toast.success(`已保存：${house.name}`);
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: STRUCTURE_KEYS.houses });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as keyof HouseForm, errors: [err.msg] }]);
    },
  });
  const open = (house: HouseRecord) => {
    setEditing(house);
    form.setFieldsValue({ name: house.name, english_name: house.english_name, colour: house.colour, motto: house.motto });
  };

  let body;
  if (houses.isPending) body = <LoadingState rows={6} />;
  else if (houses.isError) body = <ErrorState onRetry={() => void houses.refetch()} />;
  else
    body = (
      <AdminTable<HouseRecord>
        rowKey="id"
        dataSource={houses.data}
        pagination={false}
        columns={[
          { title: '学院', dataIndex: 'name', render: (_v, h) => (
            <span className="admin-house-name">
              <span className="admin-house-swatch" style={{ background: h.colour }} aria-hidden="true" />
              {h.name}
            </span>
          ) },
          { title: '英文名', dataIndex: 'english_name', render: (v: string) => v || '—' },
          { title: '院训', dataIndex: 'motto', render: (v: string) => v || '—' },
          { title: '学生', dataIndex: 'students' },
          { title: '操作', key: 'actions', render: (_v, h) => (
            <Button size="small" onClick={() => open(h)}>
              编辑
            </Button>
          ) },
        ]}
      />
    );

  return (
    <section className="admin-card admin-structure" aria-label="学院">
      {holder}
      <h2>十二学院</h2>
      {body}
      {houses.data ? <CslHousesPanel houses={houses.data} /> : null}
      <Drawer open={editing !== null} onClose={() => setEditing(null)} title={`编辑学院${editing ? `：${editing.name}` : ''}`} width={isPhone ? '100%' : 420} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
          <Form.Item name="name" label="学院名称" rules={[{ required: true, message: '请输入学院名称' }]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="english_name" label="英文名">
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="colour" label="颜色">
            <ColorPicker format="hex" disabledAlpha showText />
          </Form.Item>
          <Form.Item name="motto" label="院训">
            <Input.TextArea maxLength={100} autoSize={{ minRows: 2 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} block>
            保存学院
          </Button>
        </Form>
      </Drawer>
    </section>
  );
}
