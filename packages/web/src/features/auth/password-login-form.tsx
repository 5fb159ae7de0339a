import { Button, Form } from 'antd';
import { useNavigate } from 'react-router';
import { passwordSchema } from '@summit/domain';
import { zodRule } from '../../lib/form-rules.ts';
import { PasswordInput } from '../../components/password-input.tsx';
import { PHONE_FIELD, PhoneField, phoneFieldsOf } from '../../components/phone-field.tsx';
import { PATHS } from '../../app/paths.ts';
import { LOGIN_SUCCESS_TEXT, completeLogin, loginWithPassword } from './auth-api.ts';
import { AuthLink, useAuthHref } from './auth-links.tsx';
import { useAuthForm, type AuthFormValues } from './use-auth-form.ts';

/** LOGIN: phone + password. */
export function PasswordLoginForm() {
  const { form, submitting, submitWith, returnTo, initialValues } = useAuthForm();
  const navigate = useNavigate();
  const href = useAuthHref();
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
