import { describe, expect, it } from 'vitest';
import { planVenueAssignment, type RuleVenue } from './venue-rule.ts';

const venues: RuleVenue[] = [
  { id: 1, city: '北京', online: false, free: 2 },
  { id: 2, city: '上海', online: false, free: 1 },
  { id: 3, city: '', online: true, free: 2 },
];

describe('planVenueAssignment', () => {
  it('seats local students first, then online, then the roomiest in-person venue, never above capacity', () => {
    const plan = planVenueAssignment(
      [
        { id: 5, regionNames: ['北京市', '海淀区'] },
        { id: 1, regionNames: ['北京市'] },
        { id: 2, regionNames: ['北京'] },
        { id: 3, regionNames: ['上海市'] },
        { id: 4, regionNames: ['广东省', '深圳市'] },
        { id: 6, regionNames: ['浙江省'] },
        { id: 7, regionNames: [] },
      ],
      venues,
    );
    expect(plan.placements).toEqual([
      { studentId: 1, venueId: 1, reason: 'local' },
      { studentId: 2, venueId: 1, reason: 'local' },
      { studentId: 3, venueId: 2, reason: 'local' },
      { studentId: 4, venueId: 3, reason: 'online' },
      { studentId: 5, venueId: 3, reason: 'online' },
    ]);
    expect(plan.unassigned).toEqual([6, 7]);
  });

  it('overflows to the in-person venue with most room when there is no online venue', () => {
    const plan = planVenueAssignment([{ id: 1, regionNames: ['广东省'] }], [{ id: 9, city: '北京', online: false, free: 1 }, { id: 8, city: '上海', online: false, free: 3 }]);
    expect(plan.placements).toEqual([{ studentId: 1, venueId: 8, reason: 'overflow' }]);
  });
});
