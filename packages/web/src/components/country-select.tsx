import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CHINA_COUNTRY_ID, filterCountries, type CountryFilterMode } from '@summit/domain/validation';
import { countriesQuery } from './region-data.ts';

/**
 * Countries from /api/region/countries (中国 first), searchable by name and aliases. `mode="china"` is the
 * spec's China-only mode (keeps country id 1 only).
 */
export function CountrySelect({
  value,
  onChange,
  onBlur,
  disabled,
  mode = 'all',
}: {
  value?: number;
  onChange?: (value: number) => void;
  onBlur?: () => void;
  disabled?: boolean;
  mode?: CountryFilterMode;
}) {
  const countries = useQuery(countriesQuery());
  const options =
    (countries.data ? filterCountries(countries.data, mode) : undefined)?.map((c) => ({ value: c.id, label: c.name, search: [c.name, ...c.aliases].join(' ').toLowerCase() })) ??
    // Until the list arrives, the default still reads 中国 rather than a bare id.
    [{ value: CHINA_COUNTRY_ID, label: '中国', search: '中国 china' }];
  return (
    <Select
      aria-label="学校所在国家"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
      options={options}
      loading={countries.isLoading}
      placeholder="请选择国家"
      showSearch={{ filterOption: (input, option) => (option?.search ?? '').includes(input.trim().toLowerCase()) }}
      notFoundContent={countries.isError ? '加载失败，请重试' : '无匹配的国家'}
    />
  );
}
