import { Button, Form } from 'antd';
import { useNavigate } from 'react-router';
import { MSG } from '@summit/domain/messages';
import { passwordSchema } from '@summit/domain/validation';
import { zodRule } from '../../lib/form-rules.ts';
import { toast } from '../../lib/notifier.ts';
import { PasswordInput } from '../../components/password-input.tsx';
import { PHONE_FIELD } from '../../components/phone-field.tsx';
import { PATHS } from '../../lib/paths.ts';
import { resetPassword } from './auth-api.ts';
import { AuthLink, useAuthHref } from './auth-links.tsx';
import { PhoneCodeFields, phoneCodeOf } from './phone-code-fields.tsx';
import { useAuthForm, type AuthFormValues, type AuthLocationState } from './use-auth-form.ts';

/** FIND_PASSWORD (/reset): phone + SMS code + new password, then back to 登录 with the phone filled in. */
export function ResetForm() {
  const { form, resolvePhone, submitting, submitWith, initialValues } = useAuthForm();
  const navigate = useNavigate();
  const href = useAuthHref();
  const phone = Form.useWatch(PHONE_FIELD, form);

  const submit = submitWith(async (values) => {
    const fields = phoneCodeOf(values);
    await resetPassword({ ...fields, password: values.password ?? '' });
    toast('success', MSG.RESET_OK, { durationSeconds: 3 });
    const state: AuthLocationState = { phone: fields.phone };
    await navigate(href(PATHS.login), { replace: true, state, flushSync: true });
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
      <Form.Item name="password" rules={[zodRule(passwordSchema)]}>
        <PasswordInput placeholder="请输入新密码（8-32位）" purpose="new" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        重置密码
      </Button>
      <div className="auth-form__switch">
        想起密码了？
        <AuthLink to={href(PATHS.login)} phone={phone}>
          返回登录
        </AuthLink>
      </div>
    </Form>
  );
}
