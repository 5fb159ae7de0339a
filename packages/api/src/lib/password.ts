import { hash, verify } from '@node-rs/argon2';

// Algorithm 2 = argon2id. OWASP's minimum: 19 MiB memory, 2 passes, 1 lane.
const ARGON2ID = 2;

export async function hashPassword(password: string, memoryKib: number): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: memoryKib, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Checked against when the account does not exist, so a wrong phone costs as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(memoryKib: number): Promise<string> {
  dummyHash ??= hashPassword('summit-dummy-password', memoryKib);
  return dummyHash;
}
