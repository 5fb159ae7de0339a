import { useState } from 'react';
import { Button, Input, Typography } from 'antd';
import './mfa-panels.css';

export interface MfaEnrolmentView {
  secret: string;
  qr_data_url: string;
}

/** "ABCD EFGH ..." — a 32-letter key read in groups of four is typed without losing one's place. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Binding an authenticator (decision 036): the QR code, the key to type by hand, and the first code. The
 * caller confirms the code with the server; a wrong code comes back as `error` under the input.
 */
export function MfaEnrolPanel({
  enrolment,
  submitting,
  error,
  onConfirm,
  onCodeChange,
}: {
  enrolment: MfaEnrolmentView;
  submitting: boolean;
  error: string | null;
  onConfirm: (code: string) => void;
  onCodeChange?: () => void;
}) {
  const [code, setCode] = useState('');
  const ready = /^\d{6}$/.test(code);
  return (
    <div className="mfa-enrol">
      <ol className="mfa-enrol__steps">
        <li>在手机上安装身份验证器（如 Microsoft Authenticator、Google Authenticator 或腾讯身份验证器）。</li>
        <li>用身份验证器扫描下方二维码；无法扫码时，选择“手动输入密钥”并输入下方密钥。</li>
        <li>输入身份验证器显示的6位验证码，完成绑定。</li>
      </ol>
      <div className="mfa-enrol__qr">
        <img src={enrolment.qr_data_url} width={200} height={200} alt="身份验证器二维码" />
      </div>
      <div className="mfa-enrol__key">
        <span className="mfa-enrol__key-label">手动输入密钥</span>
        <Typography.Text code copyable={{ text: enrolment.secret, tooltips: ['复制密钥', '已复制'] }} data-testid="mfa-secret">
          {groupKey(enrolment.secret)}
        </Typography.Text>
      </div>
      <form
        className="mfa-code-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && !submitting) onConfirm(code);
        }}
      >
        <label className="mfa-code-form__label" htmlFor="mfa-enrol-code">
          6位验证码
        </label>
        <Input
          id="mfa-enrol-code"
          className="mfa-code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="请输入6位验证码"
          value={code}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
            onCodeChange?.();
          }}
        />
        {error ? (
          <div className="mfa-code-form__error" role="alert">
            {error}
          </div>
        ) : null}
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} disabled={!ready}>
          验证并开启
        </Button>
      </form>
    </div>
  );
}
