import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
import zhCNBase from 'antd/locale/zh_CN';
import { registerToastSink } from '../../lib/notifier.ts';
import { AntdPresence } from './antd-presence.ts';
import { useIsPhone } from '../../lib/use-is-phone.ts';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { themeFor } from './theme.ts';
import '../../lib/dayjs-setup.ts';
// Before the touch sizes: on phones antd-touch.css's 44 px boxes override the 24 px ones of antd-contrast.css.
import './antd-contrast.css';
import './antd-touch.css';

/**
 * zh_CN, except that the date panel's year and month buttons are named by what they show (2026年, 10月): antd's
 * 选择年份 / 选择月份 labels do not contain the visible text (axe label-content-name-mismatch, WCAG 2.5.3; decision 093).
 */
const zhCN: typeof zhCNBase = {
  ...zhCNBase,
  DatePicker: zhCNBase.DatePicker && {
    ...zhCNBase.DatePicker,
    lang: { ...zhCNBase.DatePicker.lang, yearSelect: undefined, monthSelect: undefined, decadeSelect: undefined } as unknown as NonNullable<typeof zhCNBase.DatePicker>['lang'],
  },
};

/**
 * Hands antd's context-aware message API (themed, unlike the static one) to the api client, which lives
 * outside React. message.useMessage rather than <App>: App also bundles the modal and notification hooks.
 */
function ToastHost() {
  const [messageApi, holder] = message.useMessage({ maxCount: 3, top: 72 });
  useEffect(() => {
    registerToastSink({
      open: (kind, text, duration) => messageApi.open({ type: kind, content: text, duration }),
    });
    return () => registerToastSink(null);
  }, [messageApi]);
  return holder;
}

/**
 * antd's theme, zh_CN locale and toast holder. Loaded with the first page that uses antd and kept from
 * then on (see AppShell), so plain pages like the home page never download antd.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  const isPhone = useIsPhone();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  return (
    // autoInsertSpace off: antd would render 登录 as "登 录", which is also what screen readers and
    // tests would read as the button's name.
    <ConfigProvider locale={zhCN} theme={themeFor(isPhone, reducedMotion)} componentSize="large" button={{ autoInsertSpace: false }}>
      <AntdPresence.Provider value={true}>{children}</AntdPresence.Provider>
      <ToastHost />
    </ConfigProvider>
  );
}
