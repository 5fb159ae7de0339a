import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { wechatIdentities } from '../db/schema-wechat.ts';
import { STANDIN_MINI_APP_ID, STANDIN_MINI_COM_APP_ID } from '../modules/miniprogram/miniprogram-runtime.ts';
import { createWechatMiniStandin } from '../stand-ins/wechat-mini.ts';

/** The stand-in's names for a WeChat user under each app (its formulas need no app registered). */
const names = createWechatMiniStandin({ apps: [] });

/**
 * Decision 097's demo: the stand-in's WeChat user 小明 is bound, in the programme's and the club's mini-programs, to
 * 孙浩然 (13900000007), so scan to log in (/login → 微信登录, then the phone page under /__wechat/mini-phone) logs in
 * on one machine, and inside the mini-program he is a club user with the 推荐 icon.
 */
export async function seedDemoMiniprogram(tx: Db, opts: { now: Date }): Promise<void> {
  const [student] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, '13900000007')).limit(1);
  if (!student) return;
  for (const appId of [STANDIN_MINI_APP_ID, STANDIN_MINI_COM_APP_ID]) {
    await tx
      .insert(wechatIdentities)
      .values({ accountId: student.id, appId, openId: names.openIdOf(appId, 'xiaoming'), unionId: names.unionIdOf('xiaoming'), nickname: '小明', boundAt: opts.now })
      .onConflictDoNothing();
  }
}
