/**
 * WeChat's runtime for the page tests: `wx`, `Page` and `App` as globals, with wx.login and wx.request answered
 * from a script and every call recorded. miniprogram-simulate renders custom components, not pages that call
 * wx.login and wx.request, so the pages' logic is tested with wx mocked (decision 097).
 */
export interface RecordedRequest {
  url: string;
  method: string;
  data: Record<string, unknown> | undefined;
  header: Record<string, string>;
}

export interface WxMock {
  requests: RecordedRequest[];
  logins: number;
  payments: Array<Record<string, unknown>>;
  relaunches: string[];
  backs: number;
  /** The envelope (or a failure) the next request to a path answers. */
  answer(path: string, reply: { status: number | string; msg?: string; data?: unknown } | 'network'): void;
  /** How the next wx.requestPayment ends. */
  payOutcome: 'ok' | 'cancel' | 'fail';
}

type PageOptions = Record<string, unknown> & { data: Record<string, unknown> };

export function installWx(): { wx: WxMock; pages: PageOptions[] } {
  const replies = new Map<string, Array<{ status: number | string; msg?: string; data?: unknown } | 'network'>>();
  let codes = 0;
  const mock: WxMock = {
    requests: [],
    logins: 0,
    payments: [],
    relaunches: [],
    backs: 0,
    payOutcome: 'ok',
    answer(path, reply) {
      replies.set(path, [...(replies.get(path) ?? []), reply]);
    },
  };
  const wx = {
    login(opts: { success(res: { code: string }): void }) {
      mock.logins += 1;
      codes += 1;
      queueMicrotask(() => opts.success({ code: `wxcode${String(codes).padStart(26, '0')}` }));
    },
    request(opts: { url: string; method: string; data?: Record<string, unknown>; header: Record<string, string>; success(res: { statusCode: number; data: unknown }): void; fail(): void }) {
      const url = new URL(opts.url);
      mock.requests.push({ url: opts.url, method: opts.method, data: opts.data, header: opts.header });
      const queue = replies.get(url.pathname) ?? [];
      const reply = queue.shift() ?? { status: 4001, msg: `no scripted answer for ${url.pathname}` };
      queueMicrotask(() => (reply === 'network' ? opts.fail() : opts.success({ statusCode: 200, data: reply })));
    },
    requestPayment(opts: Record<string, unknown> & { success(): void; fail(err: { errMsg: string }): void }) {
      mock.payments.push(opts);
      queueMicrotask(() => {
        if (mock.payOutcome === 'ok') opts.success();
        else opts.fail({ errMsg: mock.payOutcome === 'cancel' ? 'requestPayment:fail cancel' : 'requestPayment:fail' });
      });
    },
    reLaunch(opts: { url: string }) {
      mock.relaunches.push(opts.url);
      return Promise.resolve();
    },
    navigateBack() {
      mock.backs += 1;
      return Promise.resolve();
    },
  };
  const pages: PageOptions[] = [];
  Object.assign(globalThis, { wx, Page: (options: PageOptions) => pages.push(options), App: () => undefined });
  return { wx: mock, pages };
}

/** A page instance as the runtime makes one: the options' fields and methods, its data, and setData. */
export function instanceOf<T extends { data: Record<string, unknown> }>(options: T): T & { setData(patch: Record<string, unknown>): void } {
  const page = Object.assign(Object.create(null), options, { data: { ...options.data } }) as T & { setData(patch: Record<string, unknown>): void };
  page.setData = (patch) => Object.assign(page.data, patch);
  return page;
}

/** Lets the promise chains of a page (login, request, setData) run to their end. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}
