import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PHONE_FIELD } from '../../components/phone-field.tsx';
import { LOGIN_SUCCESS_TEXT, continueLogin, loginWithCode } from './auth-api.ts';
import { LoginFormActions } from './login-form-actions.tsx';
import { PhoneCodeFields, phoneCodeOf } from './phone-code-fields.tsx';
import { useAuthForm, type AuthFormValues } from './use-auth-form.ts';

/** SMS: phone + SMS code (sent after the 安全验证 question). */
export function SmsLoginForm() {
  const { form, resolvePhone, submitting, submitWith, returnTo, initialValues } = useAuthForm();
  const navigate = useNavigate();
  const phone = Form.useWatch(PHONE_FIELD, form);

  const submit = submitWith(async (values) => {
    const result = await loginWithCode(phoneCodeOf(values));
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
      <PhoneCodeFields resolvePhone={resolvePhone} />
      <LoginFormActions phone={phone} submitting={submitting} />
    </Form>
  );
}
