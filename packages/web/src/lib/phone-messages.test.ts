import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MSG } from '@summit/domain/messages';

const PACKAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// Decision 031: one phone-format message everywhere. The words live in the domain's MSG; a page or a route
// that spells them out again (or a variant of them) drifts from the rest the next time the spec changes.
describe('phone messages', () => {
  const texts = [MSG.PHONE_REQUIRED, MSG.PHONE_LENGTH, MSG.PHONE_FORMAT, '请填写11位手机', '手机号格式', '手机号码格式'];
  const files = [...sourceFiles(path.join(PACKAGES, 'web', 'src')), ...sourceFiles(path.join(PACKAGES, 'api', 'src'))];

  it('scans the web and api sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('are spelled only in the domain (web and api sources use MSG / phoneProblem)', () => {
    const offenders = files.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return texts.filter((text) => source.includes(text)).map((text) => `${path.relative(PACKAGES, file)}: ${text}`);
    });
    expect(offenders).toEqual([]);
  });
});
