import { useEffect, useMemo, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchSchools, type SchoolFilter } from './region-data.ts';

export interface SchoolValue {
  school_id: number | null;
  school_name: string;
}

const SEARCH_DEBOUNCE_MS = 300;

/**
 * 学校: search the school list of the chosen area, or type the school's full name when it is not listed
 * (docs/product/validation.md: an id or a typed name). Picking a listed school — or typing its exact name — links its id.
 */
export function SchoolSelect({
  filter,
  value,
  onChange,
  onBlur,
  disabled,
}: {
  filter: SchoolFilter;
  value?: SchoolValue;
  onChange?: (value: SchoolValue) => void;
  onBlur?: () => void;
  disabled?: boolean;
}) {
  const text = value?.school_name ?? '';
  const [term, setTerm] = useState(text);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const schools = useQuery({
    queryKey: ['region', 'schools', filter.country_id, filter.state_id, filter.city_id, filter.type, term.trim()],
    queryFn: ({ signal }) => searchSchools({ ...filter, name: term }, signal),
    enabled: open || term.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

  const options = useMemo(() => {
    const seen = new Set<string>();
    return (schools.data ?? [])
      .filter((s) => (seen.has(s.name) ? false : (seen.add(s.name), true)))
      .map((s) => ({ value: s.name, label: s.name, id: s.id }));
  }, [schools.data]);

  const emit = (name: string) => {
    const match = options.find((o) => o.value === name.trim());
    onChange?.({ school_id: match ? match.id : null, school_name: name });
  };

  const notFound = schools.isFetching
    ? '搜索中…'
    : schools.isError
      ? '学校列表加载失败，可直接输入学校全名'
      : text.trim()
        ? '列表中没有该学校，将使用您输入的全名'
        : '输入学校名称搜索';

  return (
    <AutoComplete
      value={text}
      options={options}
      onChange={(next: string) => emit(next)}
      onSelect={(name: string) => emit(name)}
      onBlur={onBlur}
      onOpenChange={setOpen}
      disabled={disabled}
      notFoundContent={notFound}
      style={{ width: '100%' }}
    >
      <Input placeholder="请选择或输入学校全名" maxLength={100} allowClear aria-label="学校" />
    </AutoComplete>
  );
}
