import { describe, expect, it } from 'vitest';
import { createAuthStorage, roleOfLoginType, type KeyValueStore } from './auth-storage.ts';

function mapStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe('auth storage', () => {
  it('stores one token per role under <role>_token and uses the last-logged-in role', () => {
    const store = mapStore();
    const auth = createAuthStorage(store);
    auth.saveLogin('teacher', 'T1');
    auth.saveLogin('student', 'S1');
    expect(store.map.get('teacher_token')).toBe('T1');
    expect(store.map.get('student_token')).toBe('S1');
    expect(store.map.get('last_login_role')).toBe('student');
    expect(auth.currentToken()).toBe('S1');
    expect(auth.isLoggedInAs('student')).toBe(true);
    expect(auth.isLoggedInAs('teacher')).toBe(false);
  });

  it('uses sl_token for student leaders', () => {
    const store = mapStore();
    createAuthStorage(store).saveLogin('sl', 'L1');
    expect(store.map.get('sl_token')).toBe('L1');
  });

  it('clearLogin forgets only the current role', () => {
    const store = mapStore();
    const auth = createAuthStorage(store);
    auth.saveLogin('teacher', 'T1');
    auth.saveLogin('student', 'S1');
    auth.clearLogin();
    expect(auth.currentToken()).toBeNull();
    expect(auth.lastRole()).toBeNull();
    expect(store.map.has('student_token')).toBe(false);
    expect(store.map.get('teacher_token')).toBe('T1');
  });

  it('lists the roles logged in here, switches between them and forgets one (/changeId)', () => {
    const store = mapStore();
    const auth = createAuthStorage(store);
    auth.saveLogin('sl', 'L1');
    auth.saveLogin('student', 'S1');
    expect(auth.loggedInRoles()).toEqual(['student', 'sl']);
    expect(auth.switchTo('teacher')).toBe(false);
    expect(auth.lastRole()).toBe('student');
    expect(auth.switchTo('sl')).toBe(true);
    expect(auth.currentToken()).toBe('L1');
    auth.clearRole('student');
    expect(auth.loggedInRoles()).toEqual(['sl']);
    expect(auth.lastRole()).toBe('sl');
    auth.clearRole('sl');
    expect(auth.loggedInRoles()).toEqual([]);
    expect(auth.lastRole()).toBeNull();
  });

  it('ignores a tampered last_login_role', () => {
    const store = mapStore();
    store.setItem('last_login_role', 'root');
    store.setItem('root_token', 'x');
    expect(createAuthStorage(store).currentToken()).toBeNull();
  });

  it('creates the anonymous id once and keeps it', () => {
    const store = mapStore();
    const auth = createAuthStorage(store);
    let calls = 0;
    const make = () => `id-${++calls}`;
    expect(auth.anonymousId(make)).toBe('id-1');
    expect(auth.anonymousId(make)).toBe('id-1');
    expect(store.map.get('anon_id')).toBe('id-1');
  });

  it.each([
    ['STUDENT', 'student'],
    ['TEACHER', 'teacher'],
    ['SCHOOL', 'school'],
    ['SL', 'sl'],
    ['ADMIN', null],
  ])('login type %s → role %s', (type, role) => {
    expect(roleOfLoginType(type)).toBe(role);
  });
});
