import type { ComponentProps } from 'react';
import { Input } from 'antd';
import { LIMITS } from '@summit/domain/constants';

type PasswordProps = Omit<ComponentProps<typeof Input.Password>, 'autoComplete'> & {
  placeholder: string;
  purpose: 'current' | 'new';
};

/**
 * Password input with the right autocomplete hint: browsers offer the saved password on login and a
 * generated one on register/reset. Other props (value, onChange, onBlur from Form.Item) pass through.
 * The length cap sits above the rule's 32 so an over-long password gets the format message, not a cut.
 */
export function PasswordInput({ purpose, ...rest }: PasswordProps) {
  return (
    <Input.Password
      {...rest}
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      maxLength={LIMITS.passwordMax + 8}
    />
  );
}
