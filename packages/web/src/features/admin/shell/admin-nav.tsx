import { useRef, type KeyboardEvent } from 'react';
import { Select } from 'antd';
import { groupAdminTabs, type AdminGroup } from './admin-format.ts';

interface TabDef {
  key: string;
  label: string;
  group: AdminGroup;
}

export const adminTabId = (key: string) => `admin-tab-${key}`;
export const ADMIN_PANEL_ID = 'admin-panel';

/**
 * The console's sections under their eight groups (decision 088; 社区 added by decision 100). A computer sees every group side by side, each a
 * small tab list, so all sections are in view at 1280 px without scrolling a tab strip; arrows, Home and End move
 * between the tabs, Enter or a click opens one. A phone gets one full-width select with the same headings.
 */
export function AdminNav({ tabs, active, phone, onOpen }: { tabs: readonly TabDef[]; active: string; phone: boolean; onOpen: (key: string) => void }) {
  const ref = useRef<HTMLElement>(null);
  const groups = groupAdminTabs(tabs);
  if (phone) {
    return (
      <Select
        className="admin-tab-select"
        aria-label="管理模块"
        // Two dozen sections at most: render them all (a virtual list would leave the lower ones out of the page
        // until scrolled, for screen readers too).
        virtual={false}
        value={active}
        onChange={onOpen}
        options={groups.map((g) => ({ label: g.label, title: g.label, options: g.tabs.map((t) => ({ value: t.key, label: t.label })) }))}
      />
    );
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const all = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? []);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    all[(next + all.length) % all.length]?.focus();
  };
  return (
    <nav className="admin-nav" aria-label="管理模块" ref={ref} onKeyDown={onKeyDown}>
      {groups.map((g) => (
        <div key={g.key} className="admin-nav__group" data-testid={`admin-group-${g.key}`}>
          <span className="admin-nav__group-name" id={`admin-group-${g.key}`}>
            {g.label}
          </span>
          <div role="tablist" aria-labelledby={`admin-group-${g.key}`} className="admin-nav__tabs">
            {g.tabs.map((t) => {
              const selected = t.key === active;
              return (
                <button
                  key={t.key}
                  type="button"
                  role="tab"
                  id={adminTabId(t.key)}
                  aria-selected={selected}
                  aria-controls={selected ? ADMIN_PANEL_ID : undefined}
                  tabIndex={selected ? 0 : -1}
                  className="admin-nav__tab"
                  onClick={() => onOpen(t.key)}
                >
                  {t.label}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </nav>
  );
}
