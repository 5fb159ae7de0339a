import { useEffect, useRef, useState } from 'react';
import { Cascader, Drawer } from 'antd';
import { useIsPhone } from '../lib/use-is-phone.ts';
import './area-cascader.css';
import type { RegionItem } from '@summit/domain/api/region';
import { filterStates, type StateFilterMode } from '@summit/domain/validation';
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

  const isPhone = useIsPhone();
  const placeholder = status === 'loading' ? '加载中…' : status === 'error' ? '地区加载失败，请刷新重试' : '请选择省 / 市 / 区';

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

  if (isPhone) {
    return (
      <AreaSheetPicker
        options={options}
        value={value}
        placeholder={placeholder}
        disabled={Boolean(disabled) || status !== 'ready'}
        onLoad={(target, level) => loadChildren(target, level).finally(() => setOptions((prev) => [...prev]))}
        onChange={(next) => onChange?.(next)}
        onClose={() => onBlur?.()}
      />
    );
  }

  return (
    <Cascader<AreaOption>
      aria-label="学校所在地区"
      options={options}
      loadData={loadData}
      value={value}
      onChange={(next) => onChange?.((next ?? []) as number[])}
      onBlur={onBlur}
      disabled={disabled || status === 'loading'}
      placeholder={placeholder}
      notFoundContent="暂无地区数据"
      popupClassName="area-cascader-popup"
      style={{ width: '100%' }}
    />
  );
}

/** The labels along `value` in the loaded tree (as far as it is loaded). */
function pathOf(options: AreaOption[], value: readonly number[] | undefined): AreaOption[] {
  const path: AreaOption[] = [];
  let level: AreaOption[] | undefined = options;
  for (const id of value ?? []) {
    const found: AreaOption | undefined = level?.find((o) => o.value === id);
    if (!found) break;
    path.push(found);
    level = found.children;
  }
  return path;
}

/**
 * Phones: at 375 px the cascader's three side-by-side columns do not fit, so the field opens a bottom sheet
 * that goes one level at a time (省 → 市 → 区), each place a full-width 44 px row, with the levels chosen so
 * far as steps to go back to (decision 031).
 */
function AreaSheetPicker({
  options,
  value,
  placeholder,
  disabled,
  onLoad,
  onChange,
  onClose,
}: {
  options: AreaOption[];
  value: number[] | undefined;
  placeholder: string;
  disabled: boolean;
  onLoad: (target: AreaOption, level: RegionLevel) => Promise<void>;
  onChange: (value: number[]) => void;
  onClose: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [trail, setTrail] = useState<AreaOption[]>([]);
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const chosen = pathOf(options, value);
  const listRef = useRef<HTMLUListElement>(null);
  // A new level starts at its top, not where the previous level's list was scrolled to.
  useEffect(() => {
    listRef.current?.closest('.ant-drawer-body')?.scrollTo({ top: 0 });
  }, [trail]);
  const list = trail.length === 0 ? options : (trail[trail.length - 1]?.children ?? []);

  const show = () => {
    // Reopening starts where the current choice is, one level above its last step.
    setTrail(chosen.slice(0, -1));
    setFailed(false);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    onClose();
  };
  const pick = async (option: AreaOption) => {
    const next = [...trail, option];
    const level = CHILD_LEVEL[next.length];
    if (!option.isLeaf && level && !option.children) {
      setLoadingId(option.value);
      setFailed(false);
      try {
        await onLoad(option, level);
      } catch {
        setFailed(true);
        return;
      } finally {
        setLoadingId(null);
      }
    }
    if (option.isLeaf || !level || !option.children?.length) {
      onChange(next.map((o) => o.value));
      close();
      return;
    }
    setTrail(next);
  };

  return (
    <>
      <button
        type="button"
        role="combobox"
        aria-label="学校所在地区"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={chosen.length ? 'area-picker' : 'area-picker area-picker--empty'}
        disabled={disabled}
        onClick={show}
      >
        <span className="area-picker__text">{chosen.length ? chosen.map((o) => o.label).join(' / ') : placeholder}</span>
        <svg width="12" height="12" viewBox="0 0 10 10" aria-hidden="true">
          <path d="M1 3 L5 7 L9 3" stroke="currentColor" strokeWidth="1.4" fill="none" />
        </svg>
      </button>
      <Drawer open={open} onClose={close} placement="bottom" size="75%" title="选择所在地区" className="area-sheet" destroyOnHidden>
        <nav className="area-sheet__steps" aria-label="已选地区">
          <button type="button" className="area-sheet__step" aria-current={trail.length === 0 ? 'step' : undefined} onClick={() => setTrail([])}>
            {trail[0]?.label ?? '省份'}
          </button>
          {trail.map((step, i) => (
            <button
              key={step.value}
              type="button"
              className="area-sheet__step"
              aria-current={i === trail.length - 1 ? 'step' : undefined}
              onClick={() => setTrail(trail.slice(0, i + 1))}
            >
              {trail[i + 1]?.label ?? (i === 0 ? '城市' : '区县')}
            </button>
          ))}
        </nav>
        {failed ? (
          <p className="area-sheet__error" role="alert">
            地区加载失败，请重试
          </p>
        ) : null}
        <ul ref={listRef} className="area-sheet__list" role="listbox" aria-label="地区">
          {list.map((option) => (
            <li key={option.value} role="option" aria-selected={value?.includes(option.value) ?? false}>
              <button type="button" className="area-sheet__option" disabled={loadingId !== null} onClick={() => void pick(option)}>
                {option.label}
                {loadingId === option.value ? <span className="area-sheet__loading">加载中…</span> : null}
              </button>
            </li>
          ))}
        </ul>
      </Drawer>
    </>
  );
}
