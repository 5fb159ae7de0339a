/**
 * Campus clusters (decision 106) against a real database: staff create clusters (unique name, audit row), students
 * join and leave, capacity holds under concurrent joins, roles are enforced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CAMPUS_MSG, type Cluster, type ClusterList } from '@summit/domain';
import { auditLog } from '../../db/schema.ts';
import { campusClusterMembers } from '../../db/schema-campus.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { payingStudent, type PayingStudent } from '../payments/payment-test-kit.ts';
import { staffOfType, type Staff } from '../teaching/teaching-test-kit.ts';

let t: TestApp;
let admin: Staff;
let teacher: Staff;
const students: PayingStudent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffOfType(t, 9, '管理员');
  teacher = await staffOfType(t, 1, '王老师');
  for (let i = 0; i < 6; i++) students.push(await payingStudent(t, { offer: 1, name: `社员${i}` }));
}, 120_000);
afterAll(async () => t?.close());

async function create(name: string, capacity: number): Promise<Cluster> {
  const res = await call<Cluster>(t.app, 'POST', '/api/admin/clusters', { token: admin.token, body: { name, description: '一起玩', capacity } });
  expect(res.http).toBe(200);
  return res.body.data!;
}

describe('clusters', () => {
  it('an admin creates a cluster once per name and the audit log records it', async () => {
    const a = await create('天文社', 3);
    expect(a).toMatchObject({ name: '天文社', capacity: 3, members: 0, joined: false });
    const again = await create('天文社', 3);
    expect(again.id).toBe(a.id);
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'cluster.create'), eq(auditLog.entityId, String(a.id))));
    expect(rows).toHaveLength(1);
  });

  it('rejects a bad capacity and an empty name with the spec envelope', async () => {
    const bad = await call(t.app, 'POST', '/api/admin/clusters', { token: admin.token, body: { name: '空社', capacity: 0 } });
    expect(bad.http).toBe(400);
    expect(bad.body.msg).toBe(CAMPUS_MSG.CAPACITY);
    const empty = await call(t.app, 'POST', '/api/admin/clusters', { token: admin.token, body: { name: '  ', capacity: 5 } });
    expect(empty.body.msg).toBe(CAMPUS_MSG.NAME);
  });

  it('only admins (or staff with community.manage) create; students cannot', async () => {
    const s = await call(t.app, 'POST', '/api/admin/clusters', { token: students[0]!.token, body: { name: '学生社', capacity: 5 } });
    expect(s.http).toBe(403);
    const tch = await call(t.app, 'POST', '/api/admin/clusters', { token: teacher.token, body: { name: '老师社', capacity: 5 } });
    expect(tch.http).toBe(403);
    expect(tch.body.msg).toBe('无权限访问！');
  });

  it('a student joins, sees it joined, joins again without effect, and leaves', async () => {
    const c = await create('辩论社', 5);
    const s = students[0]!;
    const j1 = await call<Cluster>(t.app, 'POST', `/api/student/clusters/${c.id}/join`, { token: s.token });
    expect(j1.body.data).toMatchObject({ members: 1, joined: true });
    const j2 = await call<Cluster>(t.app, 'POST', `/api/student/clusters/${c.id}/join`, { token: s.token });
    expect(j2.body.data).toMatchObject({ members: 1, joined: true });
    const list = await call<ClusterList>(t.app, 'GET', '/api/student/clusters', { token: s.token });
    expect(list.body.data!.items.find((x) => x.id === c.id)).toMatchObject({ joined: true, members: 1 });
    const other = await call<ClusterList>(t.app, 'GET', '/api/student/clusters', { token: students[1]!.token });
    expect(other.body.data!.items.find((x) => x.id === c.id)).toMatchObject({ joined: false, members: 1 });
    const left = await call<Cluster>(t.app, 'DELETE', `/api/student/clusters/${c.id}/join`, { token: s.token });
    expect(left.body.data).toMatchObject({ members: 0, joined: false });
  });

  it('capacity holds when six students race for two seats', async () => {
    const c = await create('合唱团', 2);
    const results = await Promise.all(students.map((s) => call<Cluster>(t.app, 'POST', `/api/student/clusters/${c.id}/join`, { token: s.token })));
    expect(results.filter((r) => r.http === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.http !== 200);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.body.msg).toBe(CAMPUS_MSG.CLUSTER_FULL);
    const members = await t.db.select().from(campusClusterMembers).where(eq(campusClusterMembers.clusterId, c.id));
    expect(members).toHaveLength(2);
  });

  it('an unknown cluster is 社团不存在, and a teacher cannot join as a student', async () => {
    const res = await call(t.app, 'POST', '/api/student/clusters/999999/join', { token: students[0]!.token });
    expect(res.http).toBe(404);
    expect(res.body.msg).toBe(CAMPUS_MSG.CLUSTER_NOT_FOUND);
    const tch = await call(t.app, 'GET', '/api/student/clusters', { token: teacher.token });
    expect(tch.http).toBe(403);
  });
});
