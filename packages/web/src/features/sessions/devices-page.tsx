import { useState } from 'react';
import { Button, Form, Modal, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionItem } from '@summit/domain/sessions';
import { passwordSchema } from '@summit/domain/validation';
import { PATHS } from '../../lib/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { zodRule } from '../../lib/form-rules.ts';
import { toast } from '../../lib/notifier.ts';
import { logout } from '../../lib/session.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PasswordInput } from '../../components/password-input.tsx';
import { SESSIONS_KEY, changePassword, endOtherSessions, endSession, fetchSessions } from './sessions-api.ts';
import './devices.css';

const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const formatTime = (iso: string) => timeFormat.format(new Date(iso));

function DeviceRow({ s, busy, onEnd, onLogout }: { s: SessionItem; busy: boolean; onEnd: () => void; onLogout: () => void }) {
  return (
    <li className="device" aria-label={s.device}>
      <div className="device__body">
        <p className="device__name">
          {s.device}
          {s.current ? (
            <Tag color="green" className="device__tag">
              当前设备
            </Tag>
          ) : null}
        </p>
        <p className="device__meta">
          {[s.platform, s.ip ? `IP ${s.ip}` : null].filter(Boolean).join(' · ') || '—'}
        </p>
        <p className="device__meta">登录于 {formatTime(s.created_at)}</p>
        <p className="device__meta">最近活动 {formatTime(s.last_active_at)}</p>
      </div>
      {s.current ? (
        <Button className="device__action" onClick={onLogout}>
          退出登录
        </Button>
      ) : (
        <Button className="device__action" danger loading={busy} onClick={onEnd}>
          退出
        </Button>
      )}
    </li>
  );
}

function PasswordChangeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string; new_password: string }>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => changePassword(await form.validateFields()),
    onSuccess: () => {
      toast('success', '密码已修改，其他设备已退出登录');
      form.resetFields();
      onClose();
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field) form.setFields([{ name: error.field as 'password', errors: [error.msg] }]);
    },
  });
  return (
    <Modal open={open} title="修改密码" okText="确认修改" cancelText="取消" onOk={() => save.mutate()} confirmLoading={save.isPending} onCancel={onClose} destroyOnHidden>
      <p className="devices__hint">修改后，除本设备外的所有设备都将退出登录。</p>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="password" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
          <PasswordInput purpose="current" placeholder="请输入当前密码" />
        </Form.Item>
        <Form.Item name="new_password" label="新密码" rules={[zodRule(passwordSchema)]}>
          <PasswordInput purpose="new" placeholder="8-32位，英文、数字或符号" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /account/devices (登录设备): every signed-in device of this account, for any role (decision 037). */
export default function DevicesPage() {
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [pending, setPending] = useState<number | null>(null);
  const [changing, setChanging] = useState(false);
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => fetchSessions(signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });

  const endOne = useMutation({
    mutationFn: (id: number) => endSession(id),
    onMutate: (id) => setPending(id),
    onSuccess: () => toast('success', '已退出该设备'),
    onSettled: () => {
      setPending(null);
      void refresh();
    },
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => toast('success', '已退出其他所有设备'),
    onSettled: () => void refresh(),
  });

  const confirmEnd = (s: SessionItem) =>
    void modal.confirm({
      title: '退出该设备',
      content: `确认让「${s.device}」退出登录吗？该设备需要重新登录才能使用。`,
      okText: '确认退出',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => endOne.mutateAsync(s.id).catch(() => undefined),
    });
  const confirmEndOthers = () =>
    void modal.confirm({
      title: '退出其他所有设备',
      content: '除本设备外，所有设备都将退出登录。确认继续吗？',
      okText: '确认退出',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => endOthers.mutateAsync().catch(() => undefined),
    });

  let body;
  if (sessions.isPending) body = <LoadingState rows={6} />;
  else if (sessions.isError) body = <ErrorState onRetry={() => void sessions.refetch()} />;
  else if (sessions.data.length === 0) body = <EmptyState description="暂无登录设备" />;
  else {
    const others = sessions.data.filter((s) => !s.current).length;
    body = (
      <>
        <ul className="devices__list">
          {sessions.data.map((s) => (
            <DeviceRow key={s.id} s={s} busy={pending === s.id} onEnd={() => confirmEnd(s)} onLogout={() => void logout(PATHS.login)} />
          ))}
        </ul>
        <div className="devices__actions">
          <Button danger disabled={others === 0} loading={endOthers.isPending} onClick={confirmEndOthers}>
            退出其他所有设备
          </Button>
          <Button onClick={() => setChanging(true)}>修改密码</Button>
        </div>
      </>
    );
  }

  return (
    <div className="page page--narrow">
      {modalHolder}
      <h1 className="page__title">登录设备</h1>
      <p className="devices__hint">以下设备正在登录你的账号。如有不认识的设备，请将其退出并修改密码。最近活动时间可能有几分钟的延迟。</p>
      <section className="devices__card">{body}</section>
      <PasswordChangeDialog open={changing} onClose={() => setChanging(false)} />
    </div>
  );
}
