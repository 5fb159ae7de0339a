import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_PERMISSIONS, PERMISSIONS, PERMISSION_KEYS, TEACHER_TYPE_PERMISSIONS, can, mayCallAdminRoute, permissionsOf, routePermission, type Permission } from './permissions.ts';

const teacher = (teacherType: number | null, isAdmin = false) => ({ role: 'teacher', teacherType, isAdmin });

/** The whole table, row by row: what a type-4 staff member holds, and what only administrators hold. */
const STAFF_ROWS: ReadonlyArray<readonly [Permission, boolean]> = [
  ['admissions.decide', false],
  ['money.settings', false],
  ['money.refund', false],
  ['money.refund_approve', false],
  ['money.reconcile', false],
  ['settings.edit', false],
  ['content.edit', false],
  ['programme.read', true],
  ['programme.edit', false],
  ['students.read', true],
  ['students.write', true],
  ['students.reveal_id', false],
  ['students.erase', false],
  ['checklist.manage', true],
  ['messages.send', true],
  ['house_cup.write', true],
  ['community.manage', true],
  ['checkin.manage', true],
  ['time_sheets.approve', true],
  ['analytics.read', false],
  ['audit.read', false],
  ['staff.manage', false],
  ['programmes.manage', false],
  ['programmes.review', false],
  ['programmes.documents', true],
];

describe('permission table', () => {
  it('has a row per permission, each with a Chinese label', () => {
    expect(STAFF_ROWS.map(([p]) => p).sort()).toEqual([...PERMISSION_KEYS].sort());
    for (const key of PERMISSION_KEYS) expect(PERMISSIONS[key]).toMatch(/[\u4e00-\u9fa5]/);
  });

  it.each(STAFF_ROWS)('%s: staff (type 4) %s; admins (type 9, is_admin) always; types 1/2/3 never', (permission, staff) => {
    expect(can(teacher(4), permission)).toBe(staff);
    expect(can(teacher(9), permission)).toBe(true);
    expect(can(teacher(9, false), permission)).toBe(true);
    expect(can(teacher(1, true), permission)).toBe(true);
    expect(can(teacher(4, true), permission)).toBe(true);
    for (const type of [1, 2, 3]) expect(can(teacher(type), permission)).toBe(false);
    expect(can(teacher(null), permission)).toBe(false);
    expect(can(teacher(7), permission)).toBe(false);
  });

  it('gives other roles nothing, whatever their flags', () => {
    for (const role of ['student', 'school', 'sl']) expect(can({ role, teacherType: 9, isAdmin: true }, 'students.read')).toBe(false);
    expect(permissionsOf({ role: 'school', teacherType: null, isAdmin: false })).toEqual([]);
  });

  it('lists permissions in table order', () => {
    expect(permissionsOf(teacher(4))).toEqual(STAFF_ROWS.filter(([, s]) => s).map(([p]) => p));
    expect(permissionsOf(teacher(9))).toEqual(PERMISSION_KEYS);
    expect(permissionsOf(teacher(2))).toEqual([]);
    expect(TEACHER_TYPE_PERMISSIONS[9]).toEqual(PERMISSION_KEYS);
  });
});

describe('admin routes', () => {
  it('key every row as METHOD /api/admin/… with a known permission', () => {
    for (const [key, permission] of Object.entries(ADMIN_ROUTE_PERMISSIONS)) {
      expect(key).toMatch(/^(GET|POST|PUT|DELETE|PATCH) \/api\/admin\/\S+$/);
      expect(PERMISSION_KEYS).toContain(permission);
    }
  });

  it.each(Object.entries(ADMIN_ROUTE_PERMISSIONS))('%s needs %s', (key, permission) => {
    const [method, url] = key.split(' ') as [string, string];
    expect(routePermission(method, url)).toBe(permission);
    expect(mayCallAdminRoute(teacher(4), method, url)).toBe(can(teacher(4), permission));
    expect(mayCallAdminRoute(teacher(9), method, url)).toBe(true);
    expect(mayCallAdminRoute(teacher(1), method, url)).toBe(false);
  });

  it('closes an unclassified route to everyone but administrators', () => {
    expect(routePermission('GET', '/api/admin/not-yet-classified')).toBeUndefined();
    expect(mayCallAdminRoute(teacher(4), 'GET', '/api/admin/not-yet-classified')).toBe(false);
    expect(mayCallAdminRoute(teacher(9), 'GET', '/api/admin/not-yet-classified')).toBe(true);
    // The method is part of the key: reading the ledger is not writing it.
    expect(routePermission('PATCH', '/api/admin/house-cup')).toBeUndefined();
  });
});
