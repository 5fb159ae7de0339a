// Local storage keys of docs/product/data.md. One token per role so a person holding two roles (e.g. a teacher who also
// tests as a student) keeps both logins; requests use the token of the role that logged in last.

export type Role = 'student' | 'teacher' | 'school' | 'sl';

export const ROLE_TOKEN_KEYS: Record<Role, string> = {
  student: 'student_token',
  teacher: 'teacher_token',
  school: 'school_token',
  sl: 'sl_token',
};

export const STORAGE_KEYS = {
  lastLoginRole: 'last_login_role',
  anonymousId: 'anon_id',
  referrerId: 'mini_referrer_id',
  onlineNoticeRead: 'online_notice_read',
  welcomeRead: 'welcome_read',
  openId: 'open_id',
  wecomError: 'wecom_error',
  tester: 'tester',
} as const;

const LOGIN_TYPE_ROLES: Record<string, Role> = {
  STUDENT: 'student',
  TEACHER: 'teacher',
  SCHOOL: 'school',
  SL: 'sl',
};

export function roleOfLoginType(type: string): Role | null {
  return LOGIN_TYPE_ROLES[type.toUpperCase()] ?? null;
}

function isRole(value: string | null): value is Role {
  return value !== null && Object.hasOwn(ROLE_TOKEN_KEYS, value);
}

/** The subset of the Web Storage API used here, so tests can pass an in-memory store. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function browserStore(): KeyValueStore {
  // Safari private mode and some WeChat web-views throw on access: fall back to memory for the session.
  try {
    const probe = '__summit_probe__';
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return memoryStore();
  }
}

export function createAuthStorage(store: KeyValueStore) {
  return {
    lastRole(): Role | null {
      const role = store.getItem(STORAGE_KEYS.lastLoginRole);
      return isRole(role) ? role : null;
    },
    tokenOf(role: Role): string | null {
      return store.getItem(ROLE_TOKEN_KEYS[role]);
    },
    /** The bearer token sent with every request: the last-logged-in role's. */
    currentToken(): string | null {
      const role = this.lastRole();
      return role ? this.tokenOf(role) : null;
    },
    /** Logged in as this role right now (it is the last login and its token is present). */
    isLoggedInAs(role: Role): boolean {
      return this.lastRole() === role && Boolean(this.tokenOf(role));
    },
    saveLogin(role: Role, token: string): void {
      store.setItem(ROLE_TOKEN_KEYS[role], token);
      store.setItem(STORAGE_KEYS.lastLoginRole, role);
    },
    /** Every role holding a token in this browser, in ROLE_TOKEN_KEYS order (/changeId lists them). */
    loggedInRoles(): Role[] {
      return (Object.keys(ROLE_TOKEN_KEYS) as Role[]).filter((role) => Boolean(store.getItem(ROLE_TOKEN_KEYS[role])));
    },
    /** Make another role's kept login the one requests use (switching identity on /changeId). */
    switchTo(role: Role): boolean {
      if (!store.getItem(ROLE_TOKEN_KEYS[role])) return false;
      store.setItem(STORAGE_KEYS.lastLoginRole, role);
      return true;
    },
    /** Forget one role's login; when it was the active one, no role is active afterwards. */
    clearRole(role: Role): void {
      store.removeItem(ROLE_TOKEN_KEYS[role]);
      if (this.lastRole() === role) store.removeItem(STORAGE_KEYS.lastLoginRole);
    },
    /** Forget the current login (logout or 401); other roles' tokens stay for their own pages. */
    clearLogin(): void {
      const role = this.lastRole();
      if (role) store.removeItem(ROLE_TOKEN_KEYS[role]);
      store.removeItem(STORAGE_KEYS.lastLoginRole);
    },
    anonymousId(makeId: () => string = randomId): string {
      const existing = store.getItem(STORAGE_KEYS.anonymousId);
      if (existing) return existing;
      const id = makeId();
      store.setItem(STORAGE_KEYS.anonymousId, id);
      return id;
    },
    get(key: (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]): string | null {
      return store.getItem(key);
    },
    set(key: (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS], value: string): void {
      store.setItem(key, value);
    },
    remove(key: (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]): void {
      store.removeItem(key);
    },
  };
}

export type AuthStorage = ReturnType<typeof createAuthStorage>;

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export const authStorage: AuthStorage = createAuthStorage(
  typeof window === 'undefined' ? memoryStore() : browserStore(),
);
