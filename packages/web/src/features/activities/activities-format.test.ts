import { describe, expect, it } from 'vitest';
import { agendaTime, ceremonyOfTeacherPath, isInternalLink, kindOfPath, windowLine, windowRange } from './activities-format.ts';

describe('activity display helpers', () => {
  it('reads the kind from a card path and the ceremony from a teacher path', () => {
    expect(kindOfPath('/student/card/haa')).toBe('haa');
    expect(kindOfPath('/student/card/opening/')).toBe('opening');
    expect(kindOfPath('/student/card/hub')).toBeNull();
    expect(ceremonyOfTeacherPath('/teacher/openning')).toBe('opening');
    expect(ceremonyOfTeacherPath('/teacher/ending')).toBe('ending');
  });

  it('writes windows in Beijing time', () => {
    expect(windowRange('2027-07-17T11:00:00Z', '2027-07-17T13:00:00Z')).toBe('7月17日 19:00—21:00');
    expect(windowRange('2027-07-17T11:00:00Z', '2027-07-20T10:00:00Z')).toBe('7月17日 19:00—7月20日 18:00');
    expect(windowLine('upcoming', '2027-07-17T11:00:00Z', '2027-07-17T13:00:00Z')).toBe('7月17日 19:00 开始');
    expect(windowLine('open', '2027-07-17T11:00:00Z', '2027-07-17T13:00:00Z')).toBe('进行中 · 7月17日 21:00 截止');
    expect(windowLine('closed', '2027-07-17T11:00:00Z', '2027-07-17T13:00:00Z')).toBe('已于 7月17日 21:00 结束');
    expect(agendaTime('2027-07-17T11:20:00Z')).toBe('19:20');
  });

  it('tells site links from outside ones', () => {
    expect(isInternalLink('/sbp')).toBe(true);
    expect(isInternalLink('//evil.example.com')).toBe(false);
    expect(isInternalLink('https://example.com')).toBe(false);
  });
});
