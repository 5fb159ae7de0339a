/**
 * The demo's WeCom link (decision 098): 运营老师 (13800000005) is linked to the stand-in's member ZhangLaoshi
 * (张老师), so choosing 张老师 on the stand-in's authorize page at /wecom/oauth/entry signs in as 运营老师.
 * Runs inside the demo seed's transaction, after the accounts.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { wecomStaffLinks } from '../db/schema-wecom.ts';
import { WECOM_STANDIN_CORP } from '../stand-ins/wecom.ts';

export const DEMO_WECOM_STAFF = { phone: '13800000005', wecomUserId: 'ZhangLaoshi', wecomName: '张老师' } as const;

export async function seedDemoWecomSignin(tx: Db, options: { adminId: number; now: Date }): Promise<void> {
  const [staff] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, DEMO_WECOM_STAFF.phone)).limit(1);
  if (!staff) return;
  await tx
    .insert(wecomStaffLinks)
    .values({ accountId: staff.id, corpId: WECOM_STANDIN_CORP.corpId, wecomUserId: DEMO_WECOM_STAFF.wecomUserId, wecomName: DEMO_WECOM_STAFF.wecomName, linkedBy: options.adminId, linkedAt: options.now })
    .onConflictDoNothing();
}
