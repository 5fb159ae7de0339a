/**
 * Every action code the API writes to audit_log has a Chinese name in the 操作日志 (AUDIT_ACTION_LABELS in
 * packages/domain/src/api/audit.ts), so the console never shows a bare code such as admission.decision.release.
 * The codes are read from the source: the dotted literals on the lines of the files that write audit rows where an
 * action is chosen, and the two families built from a value (enrolment.<source>, selection_round.<status>).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '@summit/domain';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WRITES_AUDIT = /auditLog|recordAudit|audit_log|updateRoundAudited/;
/** A line where an action code is chosen: `action: …`, `audit: { action: … }` or a call taking the action. */
const CHOOSES_ACTION = /\baction\b|Audited\(/;
const DOTTED_LITERAL = /'([a-z][a-z_]*(?:\.[a-z_]+)+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.includes('test-kit') ? [full] : [];
  });
}

function writtenActionCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    if (!WRITES_AUDIT.test(text)) continue;
    for (const line of text.split('\n')) {
      if (!CHOOSES_ACTION.test(line)) continue;
      for (const m of line.matchAll(DOTTED_LITERAL)) codes.set(m[1]!, path.relative(SRC, file));
    }
  }
  // Built from a value: the seat's source (course-centre.repo.ts) and the round's new status (course-centre.service.ts).
  for (const source of ['grab', 'allocation', 'waitlist', 'admin']) codes.set(`enrolment.${source}`, 'modules/course-centre/course-centre.repo.ts');
  for (const status of ['open', 'closed', 'draft']) codes.set(`selection_round.${status}`, 'modules/course-centre/course-centre.service.ts');
  return codes;
}

describe('the 操作日志 names every action the API records', () => {
  it('finds the codes it checks (the scan still works)', () => {
    const codes = writtenActionCodes();
    expect(codes.size).toBeGreaterThan(60);
    expect(codes.has('admission.decision.release')).toBe(true);
  });

  it('every recorded action code has a Chinese label', () => {
    const missing = [...writtenActionCodes()].filter(([code]) => AUDIT_ACTION_LABELS[code] === undefined).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });
});
