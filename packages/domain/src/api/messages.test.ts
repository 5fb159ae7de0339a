import { describe, expect, it } from 'vitest';
import { messageInputSchema, noticePlainText, recipientCountRequestSchema, segmentFilterSchema } from './messages.ts';

describe('admin messages', () => {
  it('rich-text notices read as plain text where notices are listed as text', () => {
    expect(noticePlainText('<h2>开营</h2><p>请带<strong>学生证</strong> &amp; 电脑</p><ul><li>一</li><li>二</li></ul>', 'html')).toBe('开营\n请带学生证 & 电脑\n一\n二');
    expect(noticePlainText('<b>原样</b>', 'text')).toBe('<b>原样</b>');
  });

  it('a segment filter narrows by known fields only; an empty one is everybody', () => {
    expect(segmentFilterSchema.parse({})).toEqual({});
    expect(segmentFilterSchema.safeParse({ batch: 'EB1' }).success).toBe(false);
    expect(segmentFilterSchema.safeParse({ house_id: 0 }).success).toBe(false);
    expect(segmentFilterSchema.parse({ session: 'first', tuition_paid: true, venue_id: null })).toEqual({ session: 'first', tuition_paid: true, venue_id: null });
  });

  it('the recipient count needs its filter; a message defaults to text, SMS on, send now', () => {
    expect(recipientCountRequestSchema.safeParse({}).success).toBe(false);
    expect(messageInputSchema.parse({ title: ' 通知 ', body: '内容' })).toMatchObject({ title: '通知', format: 'text', sms: true, filter: {} });
    expect(messageInputSchema.safeParse({ title: '通知', body: '内容', send_at: '明天' }).success).toBe(false);
  });
});
