import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { siteMapFor } from '@summit/domain/site-map';
import { useSiteVariant } from '../../lib/site-variant.ts';
import { PATHS } from '../../lib/paths.ts';

/**
 * The info pages' menu (decision 031): a 44 px 菜单 button that opens a side sheet with every info page,
 * grouped as the footer's site map groups them (domain site-map.ts). Plain markup and a native <dialog>
 * (focus kept inside, Esc closes): the info pages load without antd.
 */
export function SiteMenu({ guest }: { guest: boolean }) {
  const { amc } = useSiteVariant();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const location = useLocation();

  // Following a link closes the menu: the page underneath changes, the sheet should not stay over it.
  useEffect(() => {
    dialog.current?.close();
  }, [location.pathname]);

  const show = () => {
    dialog.current?.showModal();
    setOpen(true);
  };

  return (
    <>
      <button type="button" className="topbar__menu-button" aria-label="菜单" aria-haspopup="dialog" aria-expanded={open} onClick={show}>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 6 H20 M4 12 H20 M4 18 H20" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="topbar__menu-label">菜单</span>
      </button>
      <dialog
        ref={dialog}
        className="site-menu"
        aria-label="网站菜单"
        onClose={() => setOpen(false)}
        // A tap on the dimmed backdrop (the dialog element itself, outside its panel) closes the menu.
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <div className="site-menu__panel">
          <div className="site-menu__head">
            <span className="site-menu__title">菜单</span>
            <button type="button" className="site-menu__close" aria-label="关闭菜单" onClick={() => dialog.current?.close()}>
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6 L18 18 M18 6 L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label="菜单导航">
            <Link to={PATHS.home} className="site-menu__link site-menu__link--home">
              首页
            </Link>
            {siteMapFor(amc).map((group) => (
              <section key={group.title} className="site-menu__group">
                <h2 className="site-menu__group-title">{group.title}</h2>
                <ul>
                  {group.links.map((link) => (
                    <li key={link.path}>
                      <Link to={link.path} className="site-menu__link" aria-current={location.pathname === link.path ? 'page' : undefined}>
                        {link.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            {guest ? (
              <div className="site-menu__account">
                <Link to={PATHS.login} className="topbar__link">
                  登录
                </Link>
                <Link to={PATHS.register} className="topbar__link topbar__link--solid">
                  注册
                </Link>
              </div>
            ) : null}
          </nav>
        </div>
      </dialog>
    </>
  );
}
