import { createContext } from 'react';

/** True inside AntdRoot: a lazily loaded antd part checks it so antd's providers are never mounted twice. */
export const AntdPresence = createContext(false);
