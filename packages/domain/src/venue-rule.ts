/**
 * The bulk venue rule (decision 040). The application form asks for a session, not a venue, so the
 * student's "preference" is where they study: a student goes to the in-person venue in their school's province or
 * city while it has room; everyone else, and anyone the local venue cannot seat, goes to the online venue; when the
 * online venue is full (or absent) the in-person venue with the most room takes them; when nothing has room the
 * student stays unassigned and is reported. Pure, so the preview and the commit are the same computation.
 */

export interface RuleVenue {
  id: number;
  /** The venue's city as people say it (北京, 上海); '' for the online venue. */
  city: string;
  online: boolean;
  /** Seats left for this run: capacity minus the students already kept there. */
  free: number;
}

export interface RuleStudent {
  id: number;
  /** Names of the school's province and city, short or full (北京市, 北京, 浦东新区 …). */
  regionNames: readonly string[];
}

export interface VenuePlan {
  placements: Array<{ studentId: number; venueId: number; reason: 'local' | 'online' | 'overflow' }>;
  unassigned: number[];
}

const bare = (name: string) => name.replace(/(特别行政区|自治区|省|市)$/u, '');

export function localVenueOf(student: RuleStudent, venues: readonly RuleVenue[]): RuleVenue | undefined {
  const names = new Set(student.regionNames.filter(Boolean).map(bare));
  return venues.find((v) => !v.online && v.city !== '' && names.has(bare(v.city)));
}

export function planVenueAssignment(students: readonly RuleStudent[], venues: readonly RuleVenue[]): VenuePlan {
  const free = new Map(venues.map((v) => [v.id, Math.max(0, v.free)]));
  const take = (v: RuleVenue | undefined) => {
    if (!v) return false;
    const left = free.get(v.id) ?? 0;
    if (left <= 0) return false;
    free.set(v.id, left - 1);
    return true;
  };
  const online = venues.find((v) => v.online);
  const plan: VenuePlan = { placements: [], unassigned: [] };
  // By id: the earliest registered student is seated first when a venue is short of room, reproducibly.
  for (const s of [...students].sort((a, b) => a.id - b.id)) {
    const local = localVenueOf(s, venues);
    if (take(local)) {
      plan.placements.push({ studentId: s.id, venueId: local!.id, reason: 'local' });
      continue;
    }
    if (take(online)) {
      plan.placements.push({ studentId: s.id, venueId: online!.id, reason: 'online' });
      continue;
    }
    const roomiest = venues
      .filter((v) => !v.online)
      .sort((a, b) => (free.get(b.id) ?? 0) - (free.get(a.id) ?? 0) || a.id - b.id)[0];
    if (take(roomiest)) plan.placements.push({ studentId: s.id, venueId: roomiest!.id, reason: 'overflow' });
    else plan.unassigned.push(s.id);
  }
  return plan;
}
