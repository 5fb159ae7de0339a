import { describe, expect, it } from 'vitest';
import { passwordProblem } from './field-rules.ts';
import { passwordSchema } from './validation.ts';

describe('passwordProblem (zod-free, for the plain login form)', () => {
  it('answers exactly what passwordSchema answers', () => {
    const samples = [undefined, '', 'short', 'abcdefgh', 'abc defgh', '密码密码密码密码', 'a'.repeat(32), 'a'.repeat(33), 'Pa$$w0rd!', '\tabcdefgh'];
    for (const value of samples) {
      const parsed = passwordSchema.safeParse(value);
      const expected = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
      expect({ value, problem: passwordProblem(value) }).toEqual({ value, problem: expected });
    }
  });
});
