import { useContext } from 'react';
import AntdRoot from '../../components/antd/antd-root.tsx';
import { AntdPresence } from '../../components/antd/antd-presence.ts';
import { RegisterForm } from './register-form.tsx';
import { ResetForm } from './reset-form.tsx';
import { SmsLoginForm } from './sms-login-form.tsx';

export type AntdAuthState = 'SMS' | 'REGIST' | 'FIND_PASSWORD';

/**
 * The account forms built with antd (SMS login, register, reset), one lazy chunk so /login's password form
 * loads without antd (decision 018). Wrapped in antd's providers unless the shell already has them.
 */
export default function AntdAuthForms({ state }: { state: AntdAuthState }) {
  const insideAntd = useContext(AntdPresence);
  const form = state === 'SMS' ? <SmsLoginForm key="sms" /> : state === 'REGIST' ? <RegisterForm key="register" /> : <ResetForm key="reset" />;
  return insideAntd ? form : <AntdRoot>{form}</AntdRoot>;
}
