import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { AdminAccountError, adminPhoneIsNew, createAdmin, parseCreateAdminArgs } from './admin-account.ts';

/** One line from stdin; on a terminal the typed characters are not echoed. */
async function readPassword(prompt: string): Promise<string> {
  const terminal = process.stdin.isTTY === true;
  process.stderr.write(prompt);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal });
  try {
    return await new Promise<string>((resolve) => {
      rl.once('line', resolve);
      rl.once('close', () => resolve(''));
    });
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}

async function main() {
  const args = parseCreateAdminArgs(process.argv.slice(2));
  const env = loadEnv();
  const database = await openDatabase(env);
  try {
    let password = args.password;
    if (password === undefined && (await adminPhoneIsNew(database.db, args.phone))) {
      password = await readPassword('请输入新管理员的密码：');
    }
    const result = await createAdmin(database.db, { ...args, password, argon2MemoryKib: env.ARGON2_MEMORY_KIB });
    const verb = result.action === 'created' ? '已创建管理员' : '已将教师设为管理员';
    process.stdout.write(`${verb}：${result.phone}（账号 id ${result.accountId}）\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof AdminAccountError ? err.message : err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
