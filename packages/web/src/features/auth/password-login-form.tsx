import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { passwordSchema } from '@summit/domain';
import { zodRule } from '../../lib/form-rules.ts';
import { PasswordInput } from '../../components/password-input.tsx';
import { PHONE_FIELD, PhoneField, phoneFieldsOf } from '../../components/phone-field.tsx';
import { LOGIN_SUCCESS_TEXT, completeLogin, loginWithPassword } from './auth-api.ts';
import { LoginFormActions } from './login-form-actions.tsx';
import { useAuthForm, type AuthFormValues } from './use-auth-form.ts';

/** LOGIN: phone + password. */
export function PasswordLoginForm() {
  const { form, submitting, submitWith, returnTo, initialValues } = useAuthForm();
  const navigate = useNavigate();
  const phone = Form.useWatch(PHONE_FIELD, form);

  const submit = submitWith(async (values) => {
    const result = await loginWithPassword({ ...phoneFieldsOf(values), password: values.password ?? '' });
    const target = await completeLogin(result, returnTo, LOGIN_SUCCESS_TEXT);
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
      <Form.Item name="password" rules={[zodRule(passwordSchema)]}>
        <PasswordInput placeholder="请输入密码" purpose="current" />
      </Form.Item>
      <LoginFormActions phone={phone} submitting={submitting} />
    </Form>
  );
}
