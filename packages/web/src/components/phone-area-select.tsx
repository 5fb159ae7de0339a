import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AreaCodeItem } from '@summit/domain/api/region';
import { filterAreaCodes, MAINLAND_PHONE_CODE } from '@summit/domain/field-rules';
import { api, type ResponseParser } from '../lib/api-client.ts';
import './phone-field.css';

// The dialling-code picker and the phone pair helpers, without antd: the plain login form (first load of
// /login, decision 018) and the antd PhoneField both use them.

/**
 * Dialling codes are shared by several regions (+1, +7, +44…), so the select's value is "<tel>|<ISO code>"
 * to stay unique; `phoneCodeOf` turns it back into the digits the API wants.
 */
export const PHONE_AREA_FIELD = 'phone_area';
export const PHONE_FIELD = 'phone';
export const DEFAULT_PHONE_AREA = `${MAINLAND_PHONE_CODE}|CN`;

export function phoneCodeOf(area: unknown): string {
  const code = typeof area === 'string' ? area.split('|')[0] : '';
  return code || MAINLAND_PHONE_CODE;
}

export interface PhoneFormValues {
  [PHONE_AREA_FIELD]?: string;
  [PHONE_FIELD]?: string;
}

/** The `{ phone_code, phone }` pair every account request starts with. */
export function phoneFieldsOf(values: PhoneFormValues): { phone_code: string; phone: string } {
  return { phone_code: phoneCodeOf(values[PHONE_AREA_FIELD]), phone: (values[PHONE_FIELD] ?? '').trim() };
}

/**
 * The area-code list's shape, checked by hand: the login page loads without zod (decision 018). Items missing
 * a field make the answer a contract error, as the domain schema would.
 */
export const areaCodeListParser: ResponseParser<AreaCodeItem[]> = {
  safeParse(value) {
    const fields = ['short', 'name', 'en', 'tel', 'pinyin'] as const;
    const ok =
      Array.isArray(value) &&
      value.every((item) => typeof item === 'object' && item !== null && fields.every((f) => typeof (item as Record<string, unknown>)[f] === 'string'));
    return ok ? { success: true, data: value as AreaCodeItem[] } : { success: false, error: { issues: ['area code list'] } };
  },
};

interface AreaOption {
  value: string;
  tel: string;
  name: string;
}

/**
 * The dialling-code picker is a native <select> dressed as the input's prefix: phones show their own
 * picker for a 200-item list, and the login page does not need antd's Select machinery.
 */
export function PhoneAreaSelect(props: { value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  const codes = useQuery({
    queryKey: ['region', 'area-codes'],
    queryFn: ({ signal }) => api.get('/region/area-codes', { schema: areaCodeListParser, signal, quiet: true }),
    staleTime: Infinity,
  });
  const options = useMemo<AreaOption[]>(() => {
    const items: AreaCodeItem[] = codes.data ? filterAreaCodes(codes.data, true) : [];
    const list = items.map((item) => ({ value: `${item.tel}|${item.short}`, tel: item.tel, name: item.name }));
    if (!list.some((o) => o.value === DEFAULT_PHONE_AREA)) {
      list.unshift({ value: DEFAULT_PHONE_AREA, tel: MAINLAND_PHONE_CODE, name: '中国' });
    }
    return list;
  }, [codes.data]);
  const value = props.value ?? DEFAULT_PHONE_AREA;

  return (
    <span className={props.disabled ? 'phone-area phone-area--disabled' : 'phone-area'}>
      <span className="phone-area__shown" aria-hidden="true">
        +{phoneCodeOf(value)}
        <svg width="10" height="10" viewBox="0 0 10 10">
          <path d="M1 3 L5 7 L9 3" stroke="currentColor" strokeWidth="1.4" fill="none" />
        </svg>
      </span>
      <select
        className="phone-area__native"
        aria-label="国家或地区区号"
        value={value}
        disabled={props.disabled}
        onChange={(e) => props.onChange?.(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.name} +{o.tel}
          </option>
        ))}
      </select>
    </span>
  );
}

