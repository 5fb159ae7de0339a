import { Button, Form } from 'antd';
import { useNavigate } from 'react-router';
import { smsCodeSchema } from '@summit/domain';
import { zodRule } from '../../lib/form-rules.ts';
import { PHONE_FIELD, PhoneField, phoneFieldsOf } from '../../components/phone-field.tsx';
import { SmsCodeInput } from '../../components/sms-code-input.tsx';
import { PATHS } from '../../app/paths.ts';
import { LOGIN_SUCCESS_TEXT, completeLogin, loginWithCode } from './auth-api.ts';
import { AuthLink, useAuthHref } from './auth-links.tsx';
import { useAuthForm, type AuthFormValues } from './use-auth-form.ts';

/** SMS: phone + SMS code (sent after the 安全验证 question). */
export function SmsLoginForm() {
  const { form, resolvePhone, submitting, submitWith, returnTo, initialValues } = useAuthForm();
  const navigate = useNavigate();
  const href = useAuthHref();
  const phone = Form.useWatch(PHONE_FIELD, form);

  const submit = submitWith(async (values) => {
    const result = await loginWithCode({ ...phoneFieldsOf(values), code: (values.code ?? '').trim() });
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
      <Form.Item name="code" rules={[zodRule(smsCodeSchema)]}>
        <SmsCodeInput resolvePhone={resolvePhone} />
      </Form.Item>
      <div className="auth-form__row auth-form__row--end">
        <AuthLink to={href(PATHS.reset)} phone={phone}>
          忘记密码？
        </AuthLink>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
      <div className="auth-form__switch">
        还没有账号？
        <AuthLink to={href(PATHS.register)} phone={phone}>
          立即注册
        </AuthLink>
      </div>
    </Form>
  );
}
