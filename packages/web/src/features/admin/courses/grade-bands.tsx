import type { GradeDistribution } from '@summit/domain/api/operations';
import { GRADE_BANDS } from '@summit/domain/coursework';

const COLOURS: Record<string, string> = { A: '#237804', B: '#52c41a', C: '#d4b106', D: '#fa8c16', F: '#a8071a', incomplete: '#d9d9d9' };
const KEYS = ['A', 'B', 'C', 'D', 'F', 'incomplete'] as const;
const labelOf = (k: (typeof KEYS)[number]) => (k === 'incomplete' ? '未完成' : `${k} ${GRADE_BANDS.find((b) => b.letter === k)?.label ?? ''}`);

/** A distribution as one stacked bar and its counts in words (the words are what a screen reader and a test read). */
export function GradeBands({ value, compact = false }: { value: GradeDistribution; compact?: boolean }) {
  const total = KEYS.reduce((s, k) => s + value[k], 0);
  return (
    <div className="ops-bands">
      {total > 0 ? (
        <div className="ops-bands__bar" aria-hidden="true">
          {KEYS.filter((k) => value[k] > 0).map((k) => (
            <span key={k} style={{ flexGrow: value[k], background: COLOURS[k] }} />
          ))}
        </div>
      ) : null}
      <span className="ops-bands__counts">
        {KEYS.filter((k) => !compact || value[k] > 0).map((k) => (
          <span key={k} className="ops-bands__count" data-band={k}>
            {`${compact ? (k === 'incomplete' ? '未完成' : k) : labelOf(k)} ${value[k]}`}
          </span>
        ))}
        {compact && total === 0 ? <span className="ops-bands__count">暂无学生</span> : null}
      </span>
    </div>
  );
}
