/**
 * A provider whose SDK is imported on its first call rather than at start-up. The SMS, mail and storage SDKs
 * (Alibaba Cloud, nodemailer, AWS, OSS) weigh tens of MB of heap between them; a server configured for the local
 * outbox and disk never pays for them, and one configured for a cloud pays on the first message or upload.
 *
 * `fixed` holds the provider's plain properties (id, kind), answered at once; every other property is treated as
 * an async method that awaits the real instance and calls it. A failed import is not cached: the next call tries
 * again.
 */
export function lazyProvider<T extends object>(fixed: Partial<T>, load: () => Promise<T>): T {
  let loading: Promise<T> | undefined;
  const instance = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  return new Proxy(fixed as T, {
    get(target, name, receiver) {
      if (name in target) return Reflect.get(target, name, receiver);
      // Not a thenable, and not a constructor's inspection target.
      if (typeof name === 'symbol' || name === 'then') return undefined;
      return async (...args: unknown[]) => {
        const real = await instance();
        const method = (real as Record<string, unknown>)[name];
        if (typeof method !== 'function') throw new TypeError(`provider has no method ${name}`);
        return (method as (...a: unknown[]) => unknown).apply(real, args);
      };
    },
  });
}
