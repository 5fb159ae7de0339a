import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Typography, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffAccount } from '@summit/domain/api/staff';
import { WECOM_MSG, WECOM_USER_ID_PATTERN } from '@summit/domain/api/wecom';
import { ApiError } from '../../../lib/api-client.ts';
import { WECOM_ADMIN_KEYS, fetchStaffLinks, linkStaffWecom, unlinkStaffWecom } from './wecom-admin-api.ts';

/**
 * The 企业微信 column of 员工账号 (decision 098): the member user id a staff account signs in with from WeCom, and
 * the action that links, changes or removes it (each audited). WeCom confirms the member exists and is active.
 */
export function StaffWecomCell({ account }: { account: StaffAccount }) {
  const queryClient = useQueryClient();
  const [toast, toastHolder] = message.useMessage();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ wecom_user_id: string }>();
  const links = useQuery({ queryKey: WECOM_ADMIN_KEYS.links, queryFn: ({ signal }) => fetchStaffLinks(signal), staleTime: 30_000 });
  const link = links.data?.items.find((l) => l.account_id === account.id) ?? null;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: WECOM_ADMIN_KEYS.links });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
  const save = useMutation({
    mutationFn: (id: string) => linkStaffWecom(account.id, id),
    onSuccess: () => {
      setOpen(false);
      void toast.success(WECOM_MSG.LINKED);
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) form.setFields([{ name: 'wecom_user_id', errors: [err.msg] }]);
    },
  });
  const remove = useMutation({
    mutationFn: () => unlinkStaffWecom(account.id),
    onSuccess: () => {
      void toast.success(WECOM_MSG.UNLINKED);
      refresh();
    },
  });

  if (links.isPending) return <Typography.Text type="secondary">…</Typography.Text>;
  if (links.isError || !links.data.enabled) return <Typography.Text type="secondary">{links.isError ? '加载失败' : '未开启'}</Typography.Text>;
  const label = account.name || account.phone;
  return (
    <span className="ops-actions" data-testid={`wecom-${account.phone}`}>
      {toastHolder}
      {link ? (
        <span>
          {link.wecom_user_id}
          {link.wecom_name ? <Typography.Text type="secondary">（{link.wecom_name}）</Typography.Text> : null}
        </span>
      ) : (
        <Typography.Text type="secondary">未关联</Typography.Text>
      )}
      <Button
        size="small"
        aria-label={`${link ? '修改' : '关联'} ${label} 的企业微信`}
        onClick={() => setOpen(true)}
      >
        {link ? '修改' : '关联'}
      </Button>
      {link ? (
        <Popconfirm title={`解除 ${label} 与企业微信 ${link.wecom_user_id} 的关联？解除后不能再从企业微信登录。`} okText="解除" cancelText="取消" onConfirm={() => remove.mutate()}>
          <Button size="small" danger aria-label={`解除 ${label} 的企业微信关联`} loading={remove.isPending}>
            解除
          </Button>
        </Popconfirm>
      ) : null}
      <Modal
        open={open}
        title={`关联企业微信：${label}`}
        okText="保存"
        cancelText="取消"
        okButtonProps={{ loading: save.isPending }}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        {/* One form per row: its name keeps the field's id unique on the page. */}
        <Form form={form} name={`wecom-link-${account.id}`} layout="vertical" initialValues={{ wecom_user_id: link?.wecom_user_id ?? '' }} onFinish={(v) => save.mutate(v.wecom_user_id.trim())}>
          <Form.Item
            name="wecom_user_id"
            label="企业微信账号（成员 UserID）"
            extra="在企业微信管理后台「通讯录 → 成员详情」中查看账号。关联后，该成员在企业微信中打开 /wecom/oauth/entry 即以此账号登录。"
            rules={[{ required: true, pattern: WECOM_USER_ID_PATTERN, message: WECOM_MSG.USER_ID_INVALID }]}
          >
            <Input autoComplete="off" maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
    </span>
  );
}
