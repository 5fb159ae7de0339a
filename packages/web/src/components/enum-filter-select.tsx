import { Select, type SelectProps } from 'antd';

type Value = string | number;

type Choices<T extends Value> =
  /** A fixed list (a domain enum) and its labels: the options are the keys in order. */
  | { keys: readonly T[]; labels: Readonly<Record<T, string>>; options?: never }
  /** Options built elsewhere (venues, houses, provinces loaded from the api). */
  | { options: readonly { value: T; label: string }[]; keys?: never; labels?: never };

export type EnumFilterSelectProps<T extends Value> = Choices<T> &
  Omit<SelectProps<T>, 'options' | 'value' | 'onChange' | 'allowClear' | 'mode' | 'aria-label'> & {
    /** The accessible name (aria-label). */
    label: string;
    /** No filter: undefined or null. */
    value: T | null | undefined;
    /** Cleared: undefined. */
    onChange: (value: T | undefined) => void;
  };

export const enumOptions = <T extends Value>(keys: readonly T[], labels: Readonly<Record<T, string>>) => keys.map((k) => ({ value: k, label: labels[k] }));

/**
 * One filter of an admin list: a clearable single select whose empty state shows the placeholder (全部…/不限).
 * Always controlled (an absent value is passed as null), so resetting the filter from outside clears it too.
 */
export function EnumFilterSelect<T extends Value>({ label, keys, labels, options, value, onChange, ...rest }: EnumFilterSelectProps<T>) {
  return (
    <Select<T>
      aria-label={label}
      allowClear
      {...rest}
      value={value ?? null}
      onChange={(v?: T | null) => onChange(v ?? undefined)}
      options={keys ? enumOptions(keys, labels) : [...options]}
    />
  );
}
