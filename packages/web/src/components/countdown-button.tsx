import { Button } from 'antd';

/** 获取验证码, or "{n}秒后重发" (disabled) while the resend interval runs. */
export function CountdownButton({
  secondsLeft,
  loading = false,
  disabled = false,
  onClick,
}: {
  secondsLeft: number;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  const counting = secondsLeft > 0;
  return (
    <Button
      className="countdown-button"
      onClick={onClick}
      loading={loading}
      disabled={disabled || counting}
      style={{ flex: 'none', minWidth: 112 }}
    >
      {counting ? `${secondsLeft}秒后重发` : '获取验证码'}
    </Button>
  );
}
