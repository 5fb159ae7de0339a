import { useState } from 'react';
import { Form } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { returnTargetFrom } from '../../lib/navigation.ts';
import { PHONE_FIELD, phoneFieldsOf, type PhoneFormValues } from '../../components/phone-field.tsx';
import type { PhoneTarget } from '../../components/sms-code-input.tsx';
import { authFieldErrorOf, type AuthField } from './auth-field-error.ts';

export interface AuthFormValues extends PhoneFormValues {
  password?: string;
  code?: string;
  agree?: boolean;
}

/** Carries the typed phone between 登录, 注册 and 找回密码 so nobody types it twice. */
export interface AuthLocationState {
  phone?: string;
}

/** Shared plumbing of the account forms: the antd form, the phone for SMS, server field errors. */
export function useAuthForm() {
  const [form] = Form.useForm<AuthFormValues>();
  const location = useLocation();
  const [params] = useSearchParams();
  const carriedPhone = (location.state as AuthLocationState | null)?.phone;

  const resolvePhone = async (): Promise<PhoneTarget | null> => {
    try {
      await form.validateFields([PHONE_FIELD]);
    } catch {
      return null;
    }
    return phoneFieldsOf(form.getFieldsValue());
  };

  /**
   * A 4003 naming one of the form's fields, or a wrong code / password / phone answer, goes under that field
   * (the client did not toast it).
   */
  const showFieldError = (error: unknown) => {
    const fields = Object.keys(form.getFieldsValue()) as AuthField[];
    const found = authFieldErrorOf(error, fields);
    if (found) form.setFields([{ name: found.field, errors: [found.msg] }]);
  };

  const [submitting, setSubmitting] = useState(false);
  /** Runs a form's submit: the button spins meanwhile, and a field error from the server lands on its field. */
  const submitWith = (action: (values: AuthFormValues) => Promise<void>) => async (values: AuthFormValues) => {
    setSubmitting(true);
    try {
      await action(values);
    } catch (error) {
      showFieldError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    form,
    resolvePhone,
    submitting,
    submitWith,
    returnTo: returnTargetFrom(params),
    initialValues: carriedPhone ? { [PHONE_FIELD]: carriedPhone } : {},
  };
}
