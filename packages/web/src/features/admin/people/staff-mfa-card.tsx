import { Button, Popconfirm, Switch, Table, Tag, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MFA_MSG, securitySettingsSchema, staffMfaListSchema, type StaffMfaRow } from '@summit/domain/api/mfa';
import { TEACHER_TYPES } from '@summit/domain/roles';
import { api } from '../../../lib/api-client.ts';
import { useAuthInfo } from '../../../lib/session.ts';
import { endAccountSessions } from '../shell/admin-api.ts';
import { maskPhone } from '../../../lib/phone-mask.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state.tsx';

const LIST_KEY = ['admin', 'staff-mfa'] as const;
const SETTINGS_KEY = ['admin', 'settings', 'security'] as const;

const fetchStaffMfa = (signal?: AbortSignal) => api.get('/admin/staff/mfa', { schema: staffMfaListSchema, ...(signal ? { signal } : {}) });
const fetchSecurity = (signal?: AbortSignal) => api.get('/admin/settings/security', { schema: securitySettingsSchema, ...(signal ? { signal } : {}) });

function roleLabel(row: StaffMfaRow): string {
  if (row.type === 'SCHOOL') return '学校';
  if (row.is_admin) return '管理员';
  return row.teacher_type !== null ? (TEACHER_TYPES as Record<number, string>)[row.teacher_type] ?? '教师' : '教师';
}

/**
 * 员工两步验证 (decision 036): whether sign-in requires it, who has bound an authenticator, and the reset an
 * administrator does for a colleague who lost their phone (audited on the server). 退出所有设备 (decision 037)
 * ends a colleague's sessions, for a lost phone or a login left open on a shared computer; not offered on the
 * administrator's own row (their own devices are at 登录设备).
 */
export function StaffMfaCard() {
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();
  const [toast, holder] = message.useMessage();
  const list = useQuery({ queryKey: LIST_KEY, queryFn: ({ signal }) => fetchStaffMfa(signal) });
  const security = useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => fetchSecurity(signal) });
  const reset = useMutation({
    mutationFn: (id: number) => api.post(`/admin/staff/${id}/mfa/reset`, {}),
    onSuccess: () => {
      void toast.success(MFA_MSG.RESET_OK);
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
  const me = useAuthInfo();
  const endSessions = useMutation({
    mutationFn: (id: number) => endAccountSessions(id),
    onSuccess: (r) => void toast.success(`已退出 ${r.count} 台设备`),
  });
  const enforce = useMutation({
    mutationFn: (value: boolean) => api.request('/admin/settings/security', { method: 'PUT', body: { mfa_enforced: value }, schema: securitySettingsSchema }),
    onSuccess: (data) => {
      void toast.success(MFA_MSG.SETTING_SAVED);
      queryClient.setQueryData(SETTINGS_KEY, data);
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
  });

  return (
    <section className="admin-card" aria-label="员工两步验证">
      {holder}
      <h2>员工两步验证</h2>
      {security.data ? (
        <div className="staff-mfa__setting">
          <Popconfirm
            title={security.data.mfa_enforced ? '关闭后，管理员和工作人员可只用密码登录。确定关闭？' : '开启后，管理员和工作人员下次登录时必须绑定身份验证器。确定开启？'}
            okText="确定"
            cancelText="取消"
            onConfirm={() => enforce.mutate(!security.data.mfa_enforced)}
          >
            <Switch checked={security.data.mfa_enforced} loading={enforce.isPending} aria-label="强制管理员和工作人员开启两步验证" />
          </Popconfirm>
          <span>强制管理员和工作人员开启两步验证{security.data.demo_mode ? '（演示模式默认不强制）' : ''}</span>
        </div>
      ) : null}
      {list.isPending ? (
        <LoadingState rows={4} />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState description="暂无员工账号" />
      ) : (
        <Table<StaffMfaRow>
          rowKey="id"
          size="small"
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={isPhone ? { x: 520 } : undefined}
          dataSource={list.data.list}
          columns={[
            { title: '姓名', dataIndex: 'name', render: (v: string) => v || '未填写' },
            { title: '手机号', dataIndex: 'phone', render: (v: string) => maskPhone(v) },
            { title: '身份', key: 'role', render: (_, r) => roleLabel(r) },
            { title: '两步验证', key: 'state', render: (_, r) => (r.enabled ? <Tag color="green">已开启</Tag> : r.required && list.data.enforced ? <Tag color="orange">待绑定</Tag> : <Tag>未开启</Tag>) },
            {
              title: '操作',
              key: 'action',
              render: (_, r) => (
                <span className="staff-mfa__actions">
                  {r.enabled ? (
                    <Popconfirm title={`重置 ${r.name || maskPhone(r.phone)} 的两步验证？对方需重新登录并重新绑定。`} okText="重置" okButtonProps={{ danger: true }} cancelText="取消" onConfirm={() => reset.mutate(r.id)}>
                      <Button size="small" danger loading={reset.isPending && reset.variables === r.id}>
                        重置
                      </Button>
                    </Popconfirm>
                  ) : null}
                  {me.data && me.data.user_id !== r.id ? (
                    <Popconfirm
                      title={`让 ${r.name || maskPhone(r.phone)} 在所有设备上退出登录？此操作将记入操作记录。`}
                      okText="确认退出"
                      okButtonProps={{ danger: true }}
                      cancelText="取消"
                      onConfirm={() => endSessions.mutate(r.id)}
                    >
                      <Button size="small" loading={endSessions.isPending && endSessions.variables === r.id}>
                        退出所有设备
                      </Button>
                    </Popconfirm>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
