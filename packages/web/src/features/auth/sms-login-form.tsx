import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { smsCodeSchema } from '@summit/domain';
import { zodRule } from '../../lib/form-rules.ts';
import { PHONE_FIELD, PhoneField, phoneFieldsOf } from '../../components/phone-field.tsx';
import { SmsCodeInput } from '../../components/sms-code-input.tsx';
import { LOGIN_SUCCESS_TEXT, continueLogin, loginWithCode } from './auth-api.ts';
import { LoginFormActions } from './login-form-actions.tsx';
import { useAuthForm, type AuthFormValues } from './use-auth-form.ts';

/** SMS: phone + SMS code (sent after the 安全验证 question). */
export function SmsLoginForm() {
  const { form, resolvePhone, submitting, submitWith, returnTo, initialValues } = useAuthForm();
  const navigate = useNavigate();
  const phone = Form.useWatch(PHONE_FIELD, form);

  const submit = submitWith(async (values) => {
    const result = await loginWithCode({ ...phoneFieldsOf(values), code: (values.code ?? '').trim() });
    const target = await continueLogin(result, returnTo, LOGIN_SUCCESS_TEXT);
    await navigate(target, { replace: true, flushSync: true });
  });

  return (
    <Form<AuthFormValues>
      form={form}
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      validateTrigger={['onBlur']}
      className="auth-form"
    >
      <PhoneField />
      <Form.Item name="code" rules={[zodRule(smsCodeSchema)]}>
        <SmsCodeInput resolvePhone={resolvePhone} />
      </Form.Item>
      <LoginFormActions phone={phone} submitting={submitting} />
    </Form>
  );
}
