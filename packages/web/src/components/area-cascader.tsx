import { useEffect, useRef, useState } from 'react';
import { Cascader } from 'antd';
import { filterStates, type RegionItem, type StateFilterMode } from '@summit/domain';
import { fetchRegionChildren, type RegionLevel } from './region-data.ts';

interface AreaOption {
  value: number;
  label: string;
  isLeaf: boolean;
  loading?: boolean;
  children?: AreaOption[];
}

const CHILD_LEVEL: Record<number, RegionLevel | undefined> = { 1: 'cities', 2: 'zones' };

function toOptions(items: RegionItem[], leaf: boolean): AreaOption[] {
  return items.map((item) => ({ value: item.id, label: item.name, isLeaf: leaf }));
}

/** Loads an option's children; a region with none (e.g. 香港) becomes a leaf so it can be chosen. */
async function loadChildren(option: AreaOption, level: RegionLevel): Promise<void> {
  const items = await fetchRegionChildren(level, option.value);
  if (items.length === 0) {
    option.isLeaf = true;
    delete option.children;
  } else {
    option.children = toOptions(items, level === 'zones');
  }
}

/**
 * 学校所在地区: province → city → district of one country, each level fetched when opened
 * (/api/region/states, /cities, /zones). A prefilled value loads its chain up front so the labels show.
 * `mode="mainland"` is the spec's mainland-only mode (no 香港, 澳门, 台湾: state ids 3032, 3033, 3125).
 */
export function AreaCascader({
  countryId,
  value,
  onChange,
  onBlur,
  disabled,
  mode = 'all',
}: {
  countryId: number;
  mode?: StateFilterMode;
  value?: number[];
  onChange?: (value: number[]) => void;
  onBlur?: () => void;
  disabled?: boolean;
}) {
  const [options, setOptions] = useState<AreaOption[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const initialValue = useRef(value);

  useEffect(() => {
    let cancelled = false;
    setStatus('loading');
    (async () => {
      const states = toOptions(filterStates(await fetchRegionChildren('states', countryId), mode), false);
      const [stateId, cityId] = initialValue.current ?? [];
      const state = states.find((o) => o.value === stateId);
      if (state) {
        await loadChildren(state, 'cities');
        const city = state.children?.find((o) => o.value === cityId);
        if (city) await loadChildren(city, 'zones');
      }
      if (!cancelled) {
        setOptions(states);
        setStatus('ready');
      }
    })().catch(() => {
      if (!cancelled) setStatus('error');
    });
    return () => {
      cancelled = true;
    };
  }, [countryId, mode]);

  const loadData = (selected: AreaOption[]) => {
    const target = selected[selected.length - 1];
    const level = CHILD_LEVEL[selected.length];
    if (!target || !level || target.children) return;
    target.loading = true;
    setOptions((prev) => [...prev]);
    loadChildren(target, level)
      .catch(() => {
        // Leave it expandable so another click retries.
      })
      .finally(() => {
        target.loading = false;
        setOptions((prev) => [...prev]);
      });
  };

  return (
    <Cascader<AreaOption>
      aria-label="学校所在地区"
      options={options}
      loadData={loadData}
      value={value}
      onChange={(next) => onChange?.((next ?? []) as number[])}
      onBlur={onBlur}
      disabled={disabled || status === 'loading'}
      placeholder={status === 'loading' ? '加载中…' : status === 'error' ? '地区加载失败，请刷新重试' : '请选择省 / 市 / 区'}
      notFoundContent="暂无地区数据"
      popupClassName="area-cascader-popup"
      style={{ width: '100%' }}
    />
  );
}
