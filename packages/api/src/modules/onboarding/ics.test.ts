import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, icsUtc } from './ics.ts';

describe('RFC 5545 writer', () => {
  it('escapes TEXT values', () => {
    expect(escapeIcsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds at 75 octets without splitting a Chinese character', () => {
    const line = `SUMMARY:${'说明会'.repeat(20)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, part] of parts.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
    }
    // Unfolding (remove CRLF + one space) gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldIcsLine('SHORT:x')).toBe('SHORT:x');
  });

  it('writes one event in UTC with CRLF line ends', () => {
    const ics = buildIcs({
      uid: 'info-session-7-student-9@summit',
      start: new Date('2026-06-01T19:00:00+08:00'),
      durationMinutes: 90,
      title: '院校说明会：哈佛, 耶鲁',
      description: '第一行\n第二行',
      url: 'https://meet.example.com/abc',
      stamp: new Date('2026-05-01T00:00:00Z'),
    });
    expect(icsUtc(new Date('2026-06-01T19:00:00+08:00'))).toBe('20260601T110000Z');
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').filter((l) => /^[A-Z]/.test(l))).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Summit//Onboarding//ZH',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:info-session-7-student-9@summit',
      'DTSTAMP:20260501T000000Z',
      'DTSTART:20260601T110000Z',
      'DTEND:20260601T123000Z',
      'SUMMARY:院校说明会：哈佛\\, 耶鲁',
      'DESCRIPTION:第一行\\n第二行',
      'URL:https://meet.example.com/abc',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].filter(Boolean));
    expect(ics).not.toMatch(/[^\r]\n/);
  });
});
