// npm run bench:allocation — the course centre's preference allocation (decisions 042, 085) on a seeded instance
// the size of a full session: 5,000 students × 100 courses. Not a test: it prints. In-process, no database.
//
// The instance: 80 day courses in 10 time slots (8 courses share each slot, so wishes in one slot clash) and 20
// Frontier Conversations (FC) in 5 evening slots; every course meets for its whole slot and slots never overlap, so
// "no two seats whose meetings overlap" is exactly "at most one seat per slot". Popularity is skewed (a few courses
// are wanted by far more students than they seat). Every student ranks 6 courses (about one in five an FC).
//
// Beside the allocation, the same run computes the optimum: a min-cost max-flow (successive shortest paths with
// potentials, each phase pushing a blocking flow along the zero-reduced-cost edges) over
//   source → student → (student, FC) [cap FC_EXTRA_MAX] → (student, slot) [cap 1] → course [cost = rank] → sink [cap = seats]
// (day slots hang from the student directly). The slots and the FC group nest, so this optimum keeps the clash rule
// and the FC cap exactly: it relaxes nothing but the target and the order. Demand = the seats the wishes could fill
// if every course were empty (one per wished slot, at most FC_EXTRA_MAX FC). The first-choice bound is
// Σ over courses of min(seats, students ranking it first) / students.
//
// Last line: allocation: assigned <P>% (optimum <P>%); first choice <P>% (bound <P>%); below target with seat free <N>; <S> s
// where <S> is the allocation's own time. BENCH_STUDENTS, BENCH_SEED and BENCH_TARGET change the instance.
import { allocateByPreference, COURSE_LIMITS, SEAT_TARGET_DEFAULT, type AllocationCourse, type AllocationStudent } from '@summit/domain';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);
const SEED = process.env.BENCH_SEED ?? 'bench-allocation';
const TARGET = Number(process.env.BENCH_TARGET ?? SEAT_TARGET_DEFAULT);
const DAY_SLOTS = 10;
const DAY_PER_SLOT = 8;
const FC_SLOTS = 5;
const FC_PER_SLOT = 4;
const WISHES = 6;
const HOUR = 3_600_000;

/** mulberry32 over an FNV-1a hash of the seed text (the instance only; the allocation seeds itself). */
function seededRandom(seed: string): () => number {
  let a = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) a = Math.imul(a ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface BenchCourse extends AllocationCourse {
  slot: number;
}

function buildInstance(): { courses: BenchCourse[]; students: AllocationStudent[] } {
  const random = seededRandom(SEED);
  const courses: BenchCourse[] = [];
  const weights: number[] = [];
  let id = 1;
  for (let slot = 0; slot < DAY_SLOTS + FC_SLOTS; slot++) {
    const fc = slot >= DAY_SLOTS;
    const day = fc ? slot - DAY_SLOTS : Math.floor(slot / 2);
    const startHour = fc ? 19 : slot % 2 === 0 ? 9 : 14;
    for (let k = 0; k < (fc ? FC_PER_SLOT : DAY_PER_SLOT); k++) {
      const start = (day * 24 + startHour) * HOUR;
      courses.push({ id, title: `课程${id}`, category: fc ? 'fc' : k % 3 === 0 ? 'cw' : 'major', meetings: [{ start, end: start + 2 * HOUR }], seatsLeft: 0, slot });
      // Skewed popularity: a few hot courses, a long tail.
      weights.push(0.2 + random() ** 3 * 4);
      id += 1;
    }
  }
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const fcWeight = courses.filter((c) => c.category === 'fc').reduce((a, c, _i) => a + weights[c.id - 1]!, 0);
  const pick = (fc: boolean): number => {
    const pool = fc ? fcWeight : totalWeight - fcWeight;
    let r = random() * pool;
    for (const c of courses) {
      if ((c.category === 'fc') !== fc) continue;
      r -= weights[c.id - 1]!;
      if (r <= 0) return c.id;
    }
    return courses.findLast((c) => (c.category === 'fc') === fc)!.id;
  };
  const students: AllocationStudent[] = [];
  for (let s = 1; s <= STUDENTS; s++) {
    const wishes: number[] = [];
    while (wishes.length < WISHES) {
      const c = pick(random() < 0.2);
      if (!wishes.includes(c)) wishes.push(c);
    }
    students.push({ studentId: s, wishes, held: [] });
  }
  // Seats do not follow demand (a room is the size it is): 40–240 per course, so the hot courses are
  // oversubscribed even on first choices and the tail keeps spare seats.
  for (const c of courses) c.seatsLeft = 40 + Math.floor(random() * 200);
  return { courses, students };
}

// ---------------------------------------------------------------------------------------------------------------
// Min-cost max-flow: primal-dual (successive shortest paths with Johnson potentials; every phase pushes a blocking
// flow on the admissible, zero-reduced-cost subgraph, Dinic-style). Integer costs and capacities.

class MinCostFlow {
  private head: number[];
  private to: number[] = [];
  private cap: number[] = [];
  private cost: number[] = [];
  private next: number[] = [];
  constructor(private readonly n: number) {
    this.head = new Array<number>(n).fill(-1);
  }
  addEdge(u: number, v: number, cap: number, cost: number): number {
    const e = this.to.length;
    this.to.push(v, u);
    this.cap.push(cap, 0);
    this.cost.push(cost, -cost);
    this.next.push(this.head[u]!, this.head[v]!);
    this.head[u] = e;
    this.head[v] = e + 1;
    return e;
  }
  flowOn(e: number): number {
    return this.cap[e + 1]!;
  }
  run(s: number, t: number): { flow: number; cost: number } {
    const n = this.n;
    const pot = new Float64Array(n); // all costs ≥ 0 at the start
    const dist = new Float64Array(n);
    const level = new Int32Array(n);
    const iter = new Int32Array(n);
    let flow = 0;
    let cost = 0;
    for (;;) {
      // Dijkstra on reduced costs with a binary heap.
      dist.fill(Infinity);
      dist[s] = 0;
      const heap: Array<[number, number]> = [[0, s]];
      while (heap.length > 0) {
        const [d, u] = popMin(heap);
        if (d > dist[u]!) continue;
        for (let e = this.head[u]!; e !== -1; e = this.next[e]!) {
          if (this.cap[e]! <= 0) continue;
          const v = this.to[e]!;
          const nd = d + this.cost[e]! + pot[u]! - pot[v]!;
          if (nd < dist[v]!) {
            dist[v] = nd;
            pushHeap(heap, [nd, v]);
          }
        }
      }
      if (dist[t] === Infinity) break;
      for (let v = 0; v < n; v++) if (dist[v]! < Infinity) pot[v]! += dist[v]!;
      // Blocking flow on admissible edges (reduced cost 0), levelled by BFS so the DFS cannot cycle.
      for (;;) {
        level.fill(-1);
        level[s] = 0;
        const queue = [s];
        for (let qi = 0; qi < queue.length; qi++) {
          const u = queue[qi]!;
          for (let e = this.head[u]!; e !== -1; e = this.next[e]!) {
            const v = this.to[e]!;
            if (this.cap[e]! > 0 && level[v] === -1 && this.cost[e]! + pot[u]! - pot[v]! === 0) {
              level[v] = level[u]! + 1;
              queue.push(v);
            }
          }
        }
        if (level[t] === -1) break;
        for (let v = 0; v < n; v++) iter[v] = this.head[v]!;
        let pushed: number;
        while ((pushed = this.dfs(s, t, Infinity, level, iter, pot)) > 0) {
          flow += pushed;
          cost += pushed * (pot[t]! - pot[s]!);
        }
      }
    }
    return { flow, cost };
  }
  private dfs(u: number, t: number, limit: number, level: Int32Array, iter: Int32Array, pot: Float64Array): number {
    if (u === t) return limit;
    for (; iter[u] !== -1; iter[u] = this.next[iter[u]!]!) {
      const e = iter[u]!;
      const v = this.to[e]!;
      if (this.cap[e]! > 0 && level[v] === level[u]! + 1 && this.cost[e]! + pot[u]! - pot[v]! === 0) {
        const got = this.dfs(v, t, Math.min(limit, this.cap[e]!), level, iter, pot);
        if (got > 0) {
          this.cap[e]! -= got;
          this.cap[e ^ 1]! += got;
          return got;
        }
      }
    }
    return 0;
  }
}

function pushHeap(heap: Array<[number, number]>, item: [number, number]) {
  heap.push(item);
  let i = heap.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (heap[p]![0] <= heap[i]![0]) break;
    [heap[p], heap[i]] = [heap[i]!, heap[p]!];
    i = p;
  }
}

function popMin(heap: Array<[number, number]>): [number, number] {
  const top = heap[0]!;
  const last = heap.pop()!;
  if (heap.length > 0) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && heap[l]![0] < heap[m]![0]) m = l;
      if (r < heap.length && heap[r]![0] < heap[m]![0]) m = r;
      if (m === i) break;
      [heap[m], heap[i]] = [heap[i]!, heap[m]!];
      i = m;
    }
  }
  return top;
}

function optimum(courses: BenchCourse[], students: AllocationStudent[]): { seats: number; demand: number } {
  const bySlot = new Map(courses.map((c) => [c.id, c]));
  // Nodes: source, sink, courses, then per student: the student, the FC group and one node per wished slot.
  let next = 2;
  const courseNode = new Map<number, number>();
  for (const c of courses) courseNode.set(c.id, next++);
  const studentNodes = students.map((s) => {
    const slots = [...new Set(s.wishes.map((id) => bySlot.get(id)!.slot))];
    const node = { student: next++, fc: next++, slots: new Map(slots.map((slot) => [slot, next++])) };
    return node;
  });
  const flow = new MinCostFlow(next);
  const SOURCE = 0;
  const SINK = 1;
  let demand = 0;
  students.forEach((s, i) => {
    const nodes = studentNodes[i]!;
    const fcSlots = [...nodes.slots.keys()].filter((slot) => slot >= DAY_SLOTS).length;
    const reach = nodes.slots.size - fcSlots + Math.min(COURSE_LIMITS.FC_EXTRA_MAX, fcSlots);
    demand += reach;
    flow.addEdge(SOURCE, nodes.student, reach, 0);
    flow.addEdge(nodes.student, nodes.fc, COURSE_LIMITS.FC_EXTRA_MAX, 0);
    for (const [slot, node] of nodes.slots) flow.addEdge(slot >= DAY_SLOTS ? nodes.fc : nodes.student, node, 1, 0);
    s.wishes.forEach((id, rank) => flow.addEdge(nodes.slots.get(bySlot.get(id)!.slot)!, courseNode.get(id)!, 1, rank + 1));
  });
  for (const c of courses) flow.addEdge(courseNode.get(c.id)!, SINK, c.seatsLeft, 0);
  return { seats: flow.run(SOURCE, SINK).flow, demand };
}

const pct = (x: number) => (100 * x).toFixed(1);

const { courses, students } = buildInstance();
const seats = courses.reduce((a, c) => a + c.seatsLeft, 0);
console.log(`instance: ${students.length} students × ${courses.length} courses (${DAY_SLOTS} day slots, ${FC_SLOTS} FC slots), ${WISHES} wishes each, ${seats} seats, seed ${SEED}, target ${TARGET}`);

const t0 = performance.now();
const result = allocateByPreference({ seed: SEED, courses, students, target: TARGET });
const allocationSeconds = (performance.now() - t0) / 1000;

const t1 = performance.now();
const best = optimum(courses, students);
const flowSeconds = (performance.now() - t1) / 1000;

const firstWanted = new Map<number, number>();
for (const s of students) firstWanted.set(s.wishes[0]!, (firstWanted.get(s.wishes[0]!) ?? 0) + 1);
const firstBound = courses.reduce((a, c) => a + Math.min(c.seatsLeft, firstWanted.get(c.id) ?? 0), 0);

const perStudent = new Map<number, number>();
for (const a of result.assignments) perStudent.set(a.studentId, (perStudent.get(a.studentId) ?? 0) + 1);
const counts = students.map((s) => perStudent.get(s.studentId) ?? 0);
const histogram = new Map<number, number>();
for (const c of counts) histogram.set(c, (histogram.get(c) ?? 0) + 1);
const fill = result.assignments.filter((a) => a.phase === 'fill').length;

console.log(`demand ${best.demand} seats; allocation ${result.fairness.seatsAssigned} (${fill} in the fill phase); min-cost-flow optimum ${best.seats} (${flowSeconds.toFixed(2)} s)`);
console.log(`seats per student: ${[...histogram.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}: ${v}`).join(', ')}; below target ${result.fairness.belowTarget}`);
console.log(`by rank: ${result.fairness.byRank.join(' / ')}; waitlist entries ${result.waitlist.length}`);
console.log(
  `allocation: assigned ${pct(result.fairness.seatsAssigned / best.demand)}% (optimum ${pct(best.seats / best.demand)}%); first choice ${pct(result.fairness.first / students.length)}% (bound ${pct(firstBound / students.length)}%); below target with seat free ${result.fairness.belowTargetWithSeatFree}; ${allocationSeconds.toFixed(2)} s`,
);
