import type { ChangeEvent } from 'react';
import { Input } from 'antd';
import { LIMITS } from '@summit/domain';

/**
 * Password input with the right autocomplete hint: browsers offer the saved password on login and a
 * generated one on register/reset.
 */
export function PasswordInput({
  placeholder,
  purpose,
  value,
  onChange,
  disabled,
}: {
  placeholder: string;
  purpose: 'current' | 'new';
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
}) {
  return (
    <Input.Password
      placeholder={placeholder}
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      maxLength={LIMITS.passwordMax + 8}
      value={value}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
