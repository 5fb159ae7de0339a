import { Alert, Button, message } from 'antd';
import './mfa-panels.css';

/** The text a download or a copy holds: one code a line, with what they are for. */
export function recoveryCodesText(codes: readonly string[]): string {
  return ['Summit 两步验证恢复码（每个只能使用一次，请妥善保存）', '', ...codes, ''].join('\n');
}

/**
 * The recovery codes, shown once (decision 036): the server keeps only their hashes, so this is the only time
 * anybody sees them. Copy and download so they can be kept away from the phone.
 */
export function RecoveryCodesPanel({ codes, onDone, doneText }: { codes: readonly string[]; onDone: () => void; doneText: string }) {
  const [toast, holder] = message.useMessage();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes));
      void toast.success('已复制恢复码');
    } catch {
      void toast.error('复制失败，请手动抄写或下载');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'summit-recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="mfa-recovery">
      {holder}
      <Alert
        type="warning"
        showIcon
        message="请立即保存恢复码"
        description="手机丢失或无法使用身份验证器时，可用恢复码登录。每个恢复码只能使用一次，此页面关闭后将无法再次查看。"
      />
      <ul className="mfa-recovery__codes" aria-label="恢复码">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="mfa-recovery__actions">
        <Button onClick={() => void copy()}>复制全部</Button>
        <Button onClick={download}>下载为文本文件</Button>
      </div>
      <Button type="primary" block size="large" onClick={onDone}>
        {doneText}
      </Button>
    </div>
  );
}
