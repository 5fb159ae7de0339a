import { useState } from 'react';
import { Alert, Button, Descriptions, Input, Modal, Space, Typography, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuardianConsent } from '@summit/domain/api/privacy';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatTime } from '../shell/admin-format.ts';
import { PRIVACY_KEYS, downloadStudentData, eraseStudentData, fetchStudentPrivacy, revealIdNumber } from './privacy-api.ts';

function consentText(c: GuardianConsent): string {
  if (!c.recorded || !c.consented_at) return '未记录';
  const who = [c.guardian_name, c.guardian_relation ? `（${c.guardian_relation}）` : ''].join('');
  return `${who || '监护人'} 于 ${formatTime(c.consented_at)} 同意${c.consent_version ? `（授权书版本 ${c.consent_version}）` : ''}`;
}

/**
 * 个人数据 of one student (decision 064): the masked ID number and its audited reveal, the guardian's consent,
 * the data export (JSON / Excel) and the erasure behind a typed confirmation. Reusable wherever a student is
 * shown (the application drawer now; the student page at merge).
 */
export function StudentPrivacyPanel({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();
  const [revealed, setRevealed] = useState<string | null>(null);
  const [eraseOpen, setEraseOpen] = useState(false);
  const [confirmPhone, setConfirmPhone] = useState('');
  const [eraseError, setEraseError] = useState<string | null>(null);

  const info = useQuery({ queryKey: PRIVACY_KEYS.student(userId), queryFn: ({ signal }) => fetchStudentPrivacy(userId, { signal }) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: PRIVACY_KEYS.student(userId) });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'application'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'applications'] });
  };

  const reveal = useMutation({
    mutationFn: () => revealIdNumber(userId),
    onSuccess: (r) => {
      setRevealed(r.id_number);
      refresh();
    },
  });
  const exporting = useMutation({
    mutationFn: (format: 'json' | 'xlsx') => downloadStudentData(userId, format),
    onSuccess: () => {
      void toast.success('已导出，此次导出已记入操作日志');
      refresh();
    },
  });
  const erase = useMutation({
    mutationFn: () => eraseStudentData(userId, confirmPhone),
    onSuccess: (r) => {
      setEraseOpen(false);
      setRevealed(null);
      void toast.success(`个人数据已删除（删除文件 ${r.files_deleted} 个${r.files_failed ? `，${r.files_failed} 个未能删除，已记录` : ''}）`);
      refresh();
    },
    onError: (err) => setEraseError(err instanceof ApiError ? err.msg : '删除失败，请重试'),
  });

  if (info.isPending) return <LoadingState rows={3} />;
  if (info.isError) return <ErrorState onRetry={() => void info.refetch()} />;
  const p = info.data;
  const erased = p.erased_at !== null;

  return (
    <section className="admin-section" aria-label="个人数据">
      {modalHolder}
      {toastHolder}
      <h3>个人数据</h3>
      {erased ? <Alert type="info" showIcon title={`该学生的个人数据已于 ${formatTime(p.erased_at!)} 删除`} style={{ marginBottom: 12 }} /> : null}
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'card_type', label: '证件类型', children: p.card_type ?? '未填写' },
          {
            key: 'id',
            label: '证件号码',
            children: (
              <Space wrap>
                <Typography.Text code data-testid="privacy-id-number">
                  {revealed ?? p.id_number_masked ?? '未填写'}
                </Typography.Text>
                {p.id_number_masked && p.may_reveal && !revealed ? (
                  <Button
                    size="small"
                    loading={reveal.isPending}
                    onClick={() =>
                      void modal.confirm({
                        title: '查看完整证件号',
                        content: '查看完整证件号将记入操作日志（记录查看人和时间）。确认查看吗？',
                        okText: '确认查看',
                        cancelText: '取消',
                        onOk: () => reveal.mutateAsync().catch(() => undefined),
                      })
                    }
                  >
                    查看完整证件号
                  </Button>
                ) : null}
                {revealed ? (
                  <Button size="small" type="link" onClick={() => setRevealed(null)}>
                    隐藏
                  </Button>
                ) : null}
              </Space>
            ),
          },
          { key: 'consent', label: '监护人授权', children: consentText(p.guardian_consent) },
        ]}
      />
      <Space wrap style={{ marginTop: 8 }}>
        <Button loading={exporting.isPending && exporting.variables === 'json'} onClick={() => exporting.mutate('json')}>
          导出个人数据（JSON）
        </Button>
        <Button loading={exporting.isPending && exporting.variables === 'xlsx'} onClick={() => exporting.mutate('xlsx')}>
          导出个人数据（Excel）
        </Button>
        <Button
          danger
          disabled={erased}
          onClick={() => {
            setConfirmPhone('');
            setEraseError(null);
            setEraseOpen(true);
          }}
        >
          删除个人数据
        </Button>
      </Space>
      <p className="admin-muted" style={{ marginTop: 8 }}>
        导出内容含完整证件号，仅用于响应学生或监护人本人的查阅请求；每次导出均记入操作日志。
      </p>
      <Modal
        open={eraseOpen}
        title="删除个人数据"
        okText="永久删除"
        cancelText="取消"
        okButtonProps={{ danger: true, disabled: confirmPhone.trim() === '', loading: erase.isPending }}
        onOk={() => erase.mutate()}
        onCancel={() => setEraseOpen(false)}
        destroyOnHidden
      >
        <Alert
          type="warning"
          showIcon
          title="此操作不可撤销"
          description="将匿名化该学生的账号与档案（姓名改为“已注销学生”，手机号释放，证件号与监护人信息清除），删除其上传的全部文件并退出所有登录设备。订单、支付与退款记录依法保留。"
          style={{ marginBottom: 12 }}
        />
        <label htmlFor="privacy-erase-confirm">请输入该学生的手机号以确认：</label>
        <Input
          id="privacy-erase-confirm"
          value={confirmPhone}
          inputMode="numeric"
          autoComplete="off"
          onChange={(e) => {
            setConfirmPhone(e.target.value);
            setEraseError(null);
          }}
          status={eraseError ? 'error' : ''}
        />
        {eraseError ? (
          <Typography.Text type="danger" role="alert">
            {eraseError}
          </Typography.Text>
        ) : null}
      </Modal>
    </section>
  );
}
