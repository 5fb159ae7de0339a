import { useState } from 'react';
import { Alert, Button, Descriptions, Input, Modal, Tag, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MFA_MSG, type MfaEnrolment } from '@summit/domain/api/mfa';
import dayjs from 'dayjs';
import { MfaEnrolPanel } from '../../components/mfa-enrol-panel.tsx';
import { RecoveryCodesPanel } from '../../components/recovery-codes-panel.tsx';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { MFA_STATUS_KEY, beginEnrolment, codeErrorOf, confirmEnrolment, disableMfa, fetchMfaStatus, regenerateRecoveryCodes } from './mfa-api.ts';
import '../../components/mfa-panels.css';

type CodeAction = 'disable' | 'regenerate';

const ACTION_TEXT: Record<CodeAction, { title: string; ok: string }> = {
  disable: { title: '关闭两步验证', ok: '确认关闭' },
  regenerate: { title: '重新生成恢复码', ok: '生成新的恢复码' },
};

/** Asks for a current code (or a recovery code) before a change to the factor itself. */
function CodeDialog({ action, onClose, onDone }: { action: CodeAction; onClose: () => void; onDone: (codes: string[] | null) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: async () => (action === 'disable' ? (await disableMfa(code.trim()), null) : (await regenerateRecoveryCodes(code.trim())).recovery_codes),
    onSuccess: onDone,
    onError: (e) => setError(codeErrorOf(e)),
  });
  return (
    <Modal open title={ACTION_TEXT[action].title} okText={ACTION_TEXT[action].ok} cancelText="取消" onCancel={onClose} onOk={() => run.mutate()} okButtonProps={{ disabled: code.trim().length < 6, loading: run.isPending, danger: action === 'disable' }}>
      <p>请输入身份验证器上的6位验证码，或一个恢复码。</p>
      <Input
        aria-label="验证码"
        size="large"
        autoComplete="one-time-code"
        maxLength={20}
        value={code}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
      />
      {error ? (
        <div className="mfa-code-form__error" role="alert">
          {error}
        </div>
      ) : null}
    </Modal>
  );
}

/** /account/security: the 两步验证 card of teacher and school accounts (decision 036). */
export default function MfaSecurityPage() {
  const queryClient = useQueryClient();
  const [toast, holder] = message.useMessage();
  const status = useQuery({ queryKey: MFA_STATUS_KEY, queryFn: ({ signal }) => fetchMfaStatus({ signal }) });
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  // Turning the factor on signs the account out everywhere else (decision 082): say so beside the codes.
  const [endedOthers, setEndedOthers] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<CodeAction | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: MFA_STATUS_KEY });

  const begin = useMutation({ mutationFn: beginEnrolment, onSuccess: setEnrolment });
  const confirm = useMutation({
    mutationFn: confirmEnrolment,
    onSuccess: (result) => {
      setEnrolment(null);
      setCodes(result.recovery_codes);
      setEndedOthers(result.sessions_ended > 0);
      refresh();
    },
    onError: (e) => setConfirmError(codeErrorOf(e)),
  });

  let body;
  if (status.isPending) body = <LoadingState rows={4} />;
  else if (status.isError) body = <ErrorState onRetry={() => void status.refetch()} />;
  else if (!status.data.allowed) body = <Alert type="info" showIcon message={MFA_MSG.NOT_ALLOWED} />;
  else if (codes)
    body = (
      <>
        {endedOthers ? <Alert type="success" showIcon role="status" message={MFA_MSG.ENABLED_OTHERS_ENDED} /> : null}
        <RecoveryCodesPanel
          codes={codes}
          doneText="我已保存恢复码"
          onDone={() => {
            setCodes(null);
            setEndedOthers(false);
          }}
        />
      </>
    );
  else if (enrolment)
    body = (
      <>
        <MfaEnrolPanel enrolment={enrolment} submitting={confirm.isPending} error={confirmError} onCodeChange={() => setConfirmError(null)} onConfirm={(code) => confirm.mutate(code)} />
        <Button type="link" block onClick={() => setEnrolment(null)}>
          取消
        </Button>
      </>
    );
  else {
    const s = status.data;
    body = (
      <>
        <Descriptions
          column={1}
          items={[
            { key: 'state', label: '状态', children: s.enabled ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag> },
            ...(s.enabled && s.enabled_at ? [{ key: 'since', label: '开启时间', children: dayjs(s.enabled_at).format('YYYY-MM-DD HH:mm') }] : []),
            ...(s.enabled ? [{ key: 'left', label: '剩余恢复码', children: `${s.recovery_codes_left} 个` }] : []),
            { key: 'rule', label: '要求', children: s.required ? '管理员和工作人员账号必须开启' : '可选，建议开启' },
          ]}
        />
        {s.locked_until ? <Alert type="error" showIcon message={MFA_MSG.LOCKED} /> : null}
        {s.enabled && s.recovery_codes_left <= 3 ? <Alert type="warning" showIcon message="恢复码即将用完，请重新生成" /> : null}
        <div className="mfa-recovery__actions">
          {s.enabled ? (
            <>
              <Button onClick={() => setDialog('regenerate')}>重新生成恢复码</Button>
              {s.required ? null : (
                <Button danger onClick={() => setDialog('disable')}>
                  关闭两步验证
                </Button>
              )}
            </>
          ) : (
            <Button type="primary" loading={begin.isPending} onClick={() => begin.mutate()}>
              开启两步验证
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="page page--narrow">
      {holder}
      <h1 className="page__title">账号安全</h1>
      <section className="profile-card mfa-card" aria-label="两步验证">
        <h2>两步验证</h2>
        <p className="admin-muted">开启后，登录时除密码外还需输入手机身份验证器上的6位验证码。</p>
        {body}
      </section>
      {dialog ? (
        <CodeDialog
          action={dialog}
          onClose={() => setDialog(null)}
          onDone={(newCodes) => {
            setDialog(null);
            if (newCodes) setCodes(newCodes);
            else void toast.success(MFA_MSG.DISABLED_OK);
            refresh();
          }}
        />
      ) : null}
    </div>
  );
}
