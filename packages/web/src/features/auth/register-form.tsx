import { useState, type MouseEvent } from 'react';
import { Button, Checkbox, Form } from 'antd';
import { useNavigate } from 'react-router';
import { MSG } from '@summit/domain/messages';
import { passwordSchema } from '@summit/domain/validation';
import { zodRule } from '../../lib/form-rules.ts';
import { LegalSheet, type LegalDoc } from '../../components/legal/legal-sheet.tsx';
import { PasswordInput } from '../../components/password-input.tsx';
import { PHONE_FIELD } from '../../components/phone-field.tsx';
import { PATHS } from '../../lib/paths.ts';
import { REGISTER_SUCCESS_TEXT, completeLogin, register } from './auth-api.ts';
import { AuthLink, useAuthHref } from './auth-links.tsx';
import { PhoneCodeFields, phoneCodeOf } from './phone-code-fields.tsx';
import { useAuthForm, type AuthFormValues } from './use-auth-form.ts';

const agreementRule = {
  validator: async (_rule: unknown, value: unknown) => {
    if (value !== true) throw new Error(MSG.AGREEMENT_REQUIRED);
  },
};

/** REGIST: phone + SMS code + password, with consent to the agreement and privacy policy. */
export function RegisterForm() {
  const { form, resolvePhone, submitting, submitWith, returnTo, initialValues } = useAuthForm();
  const navigate = useNavigate();
  const href = useAuthHref();
  const phone = Form.useWatch(PHONE_FIELD, form);
  const [sheet, setSheet] = useState<LegalDoc | null>(null);
  // The links sit inside the checkbox's label: opening a text must not also tick (or untick) the box.
  const openSheet = (doc: LegalDoc) => (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setSheet(doc);
  };

  const submit = submitWith(async (values) => {
    const result = await register({ ...phoneCodeOf(values), password: values.password ?? '' });
    const target = await completeLogin(result, returnTo, REGISTER_SUCCESS_TEXT);
    await navigate(target, { replace: true, flushSync: true });
  });

  return (
    <Form<AuthFormValues>
      form={form}
      initialValues={{ agree: false, ...initialValues }}
      onFinish={(values) => void submit(values)}
      validateTrigger={['onBlur']}
      className="auth-form"
    >
      <PhoneCodeFields resolvePhone={resolvePhone} />
      <Form.Item name="password" rules={[zodRule(passwordSchema)]}>
        <PasswordInput placeholder="请设置密码（8-32位）" purpose="new" />
      </Form.Item>
      <Form.Item name="agree" valuePropName="checked" rules={[agreementRule]} validateTrigger={['onChange']}>
        {/* The whole row is the label (≥ 44 px tall): tapping its words ticks the box; the two titles open a sheet. */}
        <Checkbox className="auth-form__agree">
          <span>我已阅读并同意</span>
          <a href={PATHS.agreement} className="auth-form__legal-link" onClick={openSheet('agreement')}>
            《用户协议》
          </a>
          和
          <a href={PATHS.privacy} className="auth-form__legal-link" onClick={openSheet('privacy')}>
            《隐私政策》
          </a>
        </Checkbox>
      </Form.Item>
      <LegalSheet doc={sheet} onClose={() => setSheet(null)} />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        注册
      </Button>
      <div className="auth-form__switch">
        <AuthLink to={href(PATHS.login)} phone={phone}>
          已有账号？去登录
        </AuthLink>
      </div>
    </Form>
  );
}
