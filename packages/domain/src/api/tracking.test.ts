import { describe, expect, it } from 'vitest';
import { TRACKING_PAYLOAD_MAX_CHARS, buryDotRequestSchema } from './tracking.ts';

describe('buryDotRequestSchema', () => {
  it.each([
    [{ event: 'page_view', ip: 'anon-123' }, true],
    [{ event: 'page_leave', ip: 'anon-123', payload: { path: '/info', seconds: 12 } }, true],
    [{ event: '', ip: 'anon-123' }, false],
    [{ event: 'x'.repeat(101), ip: 'anon-123' }, false],
    [{ event: 'page_view' }, false],
    [{ event: 'page_view', ip: 'x'.repeat(65) }, false],
    [{ event: 'page_view', ip: 'a', payload: [1, 2] }, false],
    [{ event: 'page_view', ip: 'a', payload: 'text' }, false],
    [{ event: 'page_view', ip: 'a', payload: { blob: 'x'.repeat(TRACKING_PAYLOAD_MAX_CHARS) } }, false],
  ])('%#: valid %s', (body, valid) => {
    const result = buryDotRequestSchema.safeParse(body);
    expect(result.success).toBe(valid);
    if (!result.success) expect(result.error.issues[0]?.message).toBe('参数格式错误');
  });
});
