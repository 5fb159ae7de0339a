import { Form } from 'antd';
import { smsCodeSchema } from '@summit/domain/validation';
import { zodRule } from '../../lib/form-rules.ts';
import { PhoneField, phoneFieldsOf } from '../../components/phone-field.tsx';
import { SmsCodeInput, type PhoneTarget } from '../../components/sms-code-input.tsx';
import type { AuthFormValues } from './use-auth-form.ts';

/**
 * The phone (with its area code) and the SMS code with its 获取验证码 countdown button, as 注册, 找回密码 and
 * 验证码登录 ask for them. resolvePhone comes from useAuthForm: the code is only sent to a valid phone.
 */
export function PhoneCodeFields({ resolvePhone }: { resolvePhone: () => Promise<PhoneTarget | null> }) {
  return (
    <>
      <PhoneField />
      <Form.Item name="code" rules={[zodRule(smsCodeSchema)]}>
        <SmsCodeInput resolvePhone={resolvePhone} />
      </Form.Item>
    </>
  );
}

/** The request body part those forms share: the phone fields and the trimmed code. */
export const phoneCodeOf = (values: AuthFormValues) => ({ ...phoneFieldsOf(values), code: (values.code ?? '').trim() });
