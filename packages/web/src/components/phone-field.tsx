import { Form, Input } from 'antd';
import { phoneRule } from '../lib/form-rules.ts';
import { DEFAULT_PHONE_AREA, PHONE_AREA_FIELD, PHONE_FIELD, PhoneAreaSelect, phoneCodeOf } from './phone-area-select.tsx';

export { DEFAULT_PHONE_AREA, PHONE_AREA_FIELD, PHONE_FIELD, phoneCodeOf, phoneFieldsOf, type PhoneFormValues } from './phone-area-select.tsx';

/** Dialling code select followed by the phone input (placeholder 请输入手机号), validated on blur/submit. */
export function PhoneField({ disabled = false, autoFocus = false }: { disabled?: boolean; autoFocus?: boolean }) {
  return (
    <Form.Item className="phone-field" required>
      <div className="phone-field__row">
        <Form.Item name={PHONE_AREA_FIELD} noStyle initialValue={DEFAULT_PHONE_AREA}>
          <PhoneAreaSelect disabled={disabled} />
        </Form.Item>
        <Form.Item
          name={PHONE_FIELD}
          noStyle
          validateTrigger={['onBlur']}
          rules={[phoneRule((get) => phoneCodeOf(get(PHONE_AREA_FIELD)))]}
        >
          <Input
            className="phone-field__input"
            placeholder="请输入手机号"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={20}
            disabled={disabled}
            autoFocus={autoFocus}
            allowClear
          />
        </Form.Item>
      </div>
    </Form.Item>
  );
}
