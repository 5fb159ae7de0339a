// ESLint's RuleTester run by `node --test` (npm run lint:rules), parsing TypeScript like the real config.
import { after, describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.afterAll = after;

export function ruleTester() {
  return new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });
}

/** An absolute path inside packages/api/src (the rules only look at the path's tail). */
export const api = (rel) => `/repo/packages/api/src/${rel}`;
