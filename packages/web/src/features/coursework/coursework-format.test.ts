import { describe, expect, it } from 'vitest';
import '../../lib/dayjs-setup.ts';
import { formatTime, isPastDue, scoreText, submitLabel } from './coursework-format.ts';

describe('coursework format', () => {
  it('shows Beijing time', () => {
    expect(formatTime('2026-08-15T04:00:00.000Z')).toBe('2026-08-15 12:00');
    expect(formatTime(null)).toBe('—');
  });
  it('shows scores and due state', () => {
    expect(scoreText(null, 100)).toBe('待评分');
    expect(scoreText(80, 100)).toBe('80 / 100');
    expect(scoreText(80.25, 100)).toBe('80.3 / 100');
    expect(isPastDue('2026-08-15T04:00:00.000Z', '2026-08-15T04:00:01.000Z')).toBe(true);
    expect(isPastDue('2026-08-15T04:00:00.000Z', '2026-08-15T04:00:00.000Z')).toBe(false);
    expect([submitLabel(false, false), submitLabel(true, false), submitLabel(false, true)]).toEqual(['提交作业', '重新提交', '迟交作业']);
  });
});
