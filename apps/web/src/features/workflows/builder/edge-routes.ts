/*
 * Where a connection runs: from an output on a step's right side to an input on another step's left side, in
 * horizontal and vertical lines (as React Flow's smooth-step edge), but never behind a step. React Flow's path turns
 * half-way between its ends whatever lies there, so an approval's "Rejected" connection to an End beyond the
 * "Approved" End ran behind that End, its label hidden under it. Pure functions: the edge layer gives each connection
 * its ends and the steps' boxes, and draws what comes back.
 *
 * The search is small and bounded: first a three-line route turning at the middle or beside a step in the way, then a
 * five-line route around the steps in the way (also the shape of a connection going back to the left); a connection
 * with no clear route at all is drawn the plain way.
 */

export interface Point {
  x: number;
  y: number;
}

/** A step's box on the canvas (flow coordinates). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const sameBox = (a: Box | null | undefined, b: Box | null | undefined) =>
  a === b || (!!a && !!b && a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom);

export interface Route {
  points: Point[];
  /** SVG path of the lines, corners rounded. */
  path: string;
  labelX: number;
  labelY: number;
  /** Not the plain route: it turns aside for a step (so it may straighten when that step moves away). */
  detour: boolean;
}

/** Clearance kept between a line and a step. */
export const CLEARANCE = 12;
/** Length of the first and last line out of and into a handle, when there is room for it. */
const STUB = 20;
/** Shortest first or last line: enough to leave a step's clearance (handles hang 5.5 px over the border). */
const MIN_STUB = 10;
const CORNER_RADIUS = 5;
const BEND_COST = 40;
/** Candidates tried per turning line: bounds the work on a dense canvas. */
const MAX_CANDIDATES = 24;
const MAX_SIDE_CANDIDATES = 6;

const inflate = (b: Box, by: number): Box => ({ left: b.left - by, top: b.top - by, right: b.right + by, bottom: b.bottom + by });

/** Whether a horizontal or vertical line from a to b passes inside a box (touching its edge is not inside). */
function crosses(a: Point, b: Point, box: Box): boolean {
  if (a.y === b.y) {
    const x1 = Math.min(a.x, b.x);
    const x2 = Math.max(a.x, b.x);
    return a.y > box.top && a.y < box.bottom && x1 < box.right && x2 > box.left;
  }
  const y1 = Math.min(a.y, b.y);
  const y2 = Math.max(a.y, b.y);
  return a.x > box.left && a.x < box.right && y1 < box.bottom && y2 > box.top;
}

const CELL = 256;
const cellOf = (v: number) => Math.floor(v / CELL);
const cellKey = (cx: number, cy: number) => (cx + 32768) * 65536 + (cy + 32768);
/** Box tests one route's search may spend before it settles for what it has (or the plain route). */
const SEARCH_BUDGET = 60_000;

/**
 * The steps' boxes (with their clearance), indexed by 256 px cells: a line is tested against the boxes of the cells it
 * crosses, not against every step of a 500-step canvas. Counts the tests made, so a search can stop at a budget.
 */
class Obstacles {
  private readonly cells = new Map<number, Box[]>();
  tests = 0;

  readonly boxes: readonly Box[];

  constructor(boxes: readonly Box[]) {
    this.boxes = boxes;
    for (const box of boxes) {
      for (let cx = cellOf(box.left); cx <= cellOf(box.right); cx += 1) {
        for (let cy = cellOf(box.top); cy <= cellOf(box.bottom); cy += 1) {
          const key = cellKey(cx, cy);
          const list = this.cells.get(key);
          if (list) list.push(box);
          else this.cells.set(key, [box]);
        }
      }
    }
  }

  /** Whether the line from a to b passes inside a box other than `skip`. */
  blocks(a: Point, b: Point, skip: Box | null, skipToo: Box | null): boolean {
    for (let cx = cellOf(Math.min(a.x, b.x)); cx <= cellOf(Math.max(a.x, b.x)); cx += 1) {
      for (let cy = cellOf(Math.min(a.y, b.y)); cy <= cellOf(Math.max(a.y, b.y)); cy += 1) {
        const list = this.cells.get(cellKey(cx, cy));
        if (!list) continue;
        this.tests += list.length;
        for (const box of list) if (box !== skip && box !== skipToo && crosses(a, b, box)) return true;
      }
    }
    return false;
  }

  /**
   * Whether the lines through `points` pass clear of every box. The first line leaves the step it starts from
   * (`sourceBox`) to the right and may start inside its clearance; the last enters the step it ends at (`targetBox`)
   * from the left and may end inside its clearance.
   */
  clear(points: readonly Point[], sourceBox: Box | null, targetBox: Box | null): boolean {
    const last = points.length - 2;
    for (let i = 0; i <= last; i += 1) {
      const a = points[i]!;
      const b = points[i + 1]!;
      if (a.x === b.x && a.y === b.y) continue;
      const rightwards = a.y === b.y && b.x > a.x;
      const skip = rightwards && i === 0 ? sourceBox : null;
      const skipToo = rightwards && i === last ? targetBox : null;
      if (this.blocks(a, b, skip, skipToo)) return false;
    }
    return true;
  }
}

function lengthOf(points: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i += 1) total += Math.abs(points[i]!.x - points[i - 1]!.x) + Math.abs(points[i]!.y - points[i - 1]!.y);
  return total;
}

/** Drops repeated points and points in the middle of a straight line. */
function simplify(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const prev = out.at(-1);
    if (prev && prev.x === p.x && prev.y === p.y) continue;
    const before = out.at(-2);
    if (before && prev && ((before.x === prev.x && prev.x === p.x) || (before.y === prev.y && prev.y === p.y))) out.pop();
    out.push(p);
  }
  return out;
}

/** The lines as an SVG path with rounded corners. */
export function pathOf(points: readonly Point[]): string {
  const p = points;
  if (p.length === 0) return '';
  let d = `M${p[0]!.x} ${p[0]!.y}`;
  for (let i = 1; i < p.length - 1; i += 1) {
    const a = p[i - 1]!;
    const b = p[i]!;
    const c = p[i + 1]!;
    const r = Math.min(CORNER_RADIUS, (Math.abs(b.x - a.x) + Math.abs(b.y - a.y)) / 2, (Math.abs(c.x - b.x) + Math.abs(c.y - b.y)) / 2);
    const inX = Math.sign(b.x - a.x);
    const inY = Math.sign(b.y - a.y);
    const outX = Math.sign(c.x - b.x);
    const outY = Math.sign(c.y - b.y);
    d += ` L${b.x - inX * r} ${b.y - inY * r} Q${b.x} ${b.y} ${b.x + outX * r} ${b.y + outY * r}`;
  }
  const end = p[p.length - 1]!;
  d += ` L${end.x} ${end.y}`;
  return d;
}

/** Values in [min, max], nearest to `preferred` first, at most `limit` of them. */
function nearest(values: Iterable<number>, min: number, max: number, preferred: number, limit: number): number[] {
  const unique = [...new Set(values)].filter((v) => v >= min && v <= max);
  unique.sort((a, b) => Math.abs(a - preferred) - Math.abs(b - preferred) || a - b);
  return unique.slice(0, limit);
}

/**
 * A point for a label of `size` on the route where the label covers no step: the middle of the route if it is clear,
 * else the middle of the line nearest to it that has room, else the middle anyway.
 */
export function labelPoint(points: readonly Point[], size: { width: number; height: number } | null, boxes: readonly Box[]): Point {
  const total = lengthOf(points);
  const candidates: { point: Point; distance: number }[] = [];
  let walked = 0;
  let middle: Point = points[0]!;
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const length = Math.abs(b.x - a.x) + Math.abs(b.y - a.y);
    if (walked <= total / 2 && walked + length >= total / 2) {
      const t = length === 0 ? 0 : (total / 2 - walked) / length;
      middle = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    }
    for (const t of [0.5, 0.25, 0.75]) {
      candidates.push({ point: { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }, distance: Math.abs(walked + length * t - total / 2) });
    }
    walked += length;
  }
  if (!size) return middle;
  const covers = (p: Point) => {
    const label: Box = { left: p.x - size.width / 2, right: p.x + size.width / 2, top: p.y - size.height / 2, bottom: p.y + size.height / 2 };
    return boxes.some((b) => label.left < b.right && label.right > b.left && label.top < b.bottom && label.bottom > b.top);
  };
  if (!covers(middle)) return middle;
  candidates.sort((a, b) => a.distance - b.distance);
  return candidates.find((c) => !covers(c.point))?.point ?? middle;
}

/** Boxes overlapping the x range [minX, maxX] (what may be in the way of, or be gone around by, a route there). */
function boxesBetween(boxes: readonly Box[], minX: number, maxX: number): Box[] {
  return boxes.filter((b) => b.right > minX && b.left < maxX);
}

interface Search {
  s: Point;
  t: Point;
  obstacles: Obstacles;
  sourceBox: Box | null;
  targetBox: Box | null;
}

function threeLineRoute({ s, t, obstacles, sourceBox, targetBox }: Search): Point[] | null {
  const middle = Math.round((s.x + t.x) / 2);
  const xs = [middle];
  const top = Math.min(s.y, t.y);
  const bottom = Math.max(s.y, t.y);
  // The steps in the way stand between the ends: the line may turn just before or after any of them.
  for (const b of boxesBetween(obstacles.boxes, s.x, t.x)) if (b.bottom > top && b.top < bottom) xs.push(b.left - 1, b.right + 1);
  for (const x of nearest(xs, s.x + MIN_STUB, t.x - MIN_STUB, middle, MAX_CANDIDATES)) {
    const points = [s, { x, y: s.y }, { x, y: t.y }, t];
    if (obstacles.clear(points, sourceBox, targetBox)) return points;
    if (obstacles.tests > SEARCH_BUDGET) return null;
  }
  return null;
}

function fiveLineRoute({ s, t, obstacles, sourceBox, targetBox }: Search): Point[] | null {
  const forward = t.x - s.x >= 2 * MIN_STUB;
  // The line out of the source turns at `a`, runs along `c`, and turns into the target at `b`.
  const aPreferred = s.x + STUB;
  const bPreferred = t.x - STUB;
  const aValues = [aPreferred];
  const bValues = [bPreferred];
  const cValues = [s.y, t.y];
  const span = boxesBetween(obstacles.boxes, Math.min(s.x, t.x) - 2 * STUB, Math.max(s.x, t.x) + 2 * STUB);
  for (const box of span) {
    aValues.push(box.left - 1, box.right + 1);
    bValues.push(box.left - 1, box.right + 1);
    cValues.push(box.top - 1, box.bottom + 1);
  }
  const as = forward
    ? nearest(aValues, s.x + MIN_STUB, t.x - MIN_STUB, aPreferred, MAX_SIDE_CANDIDATES)
    : nearest(aValues, s.x + MIN_STUB, Infinity, aPreferred, MAX_SIDE_CANDIDATES);
  const bs = forward
    ? nearest(bValues, s.x + MIN_STUB, t.x - MIN_STUB, bPreferred, MAX_SIDE_CANDIDATES)
    : nearest(bValues, -Infinity, t.x - MIN_STUB, bPreferred, MAX_SIDE_CANDIDATES);
  const cs = nearest(cValues, -Infinity, Infinity, (s.y + t.y) / 2, MAX_CANDIDATES);
  let best: Point[] | null = null;
  let bestCost = Infinity;
  for (const c of cs) {
    for (const a of as) {
      // The first two lines depend on `a` and `c` only: check them before trying every `b`.
      const head = [s, { x: a, y: s.y }, { x: a, y: c }];
      if (lengthOf(head) + Math.abs(t.y - c) >= bestCost) continue;
      if (!obstacles.clear([...head, { x: a, y: c }], sourceBox, null)) continue;
      for (const b of bs) {
        if (forward && b < a) continue;
        const route = [...head, { x: b, y: c }, { x: b, y: t.y }, t];
        const points = simplify(route);
        const cost = lengthOf(points) + BEND_COST * (points.length - 2);
        if (cost >= bestCost) continue;
        // Checked before simplifying: merged, a first line heading left would pass as the one leaving the source.
        if (obstacles.clear(route, sourceBox, targetBox)) {
          best = points;
          bestCost = cost;
        }
      }
      if (obstacles.tests > SEARCH_BUDGET) return best;
    }
  }
  return best;
}

/** The plain route: turning half-way, or for a connection going back, out, along below the source and back in. */
function plainRoute(s: Point, t: Point, sourceBox: Box | null): Point[] {
  if (t.x - s.x >= 2 * MIN_STUB) {
    const x = Math.round((s.x + t.x) / 2);
    return [s, { x, y: s.y }, { x, y: t.y }, t];
  }
  const below = Math.max(sourceBox ? sourceBox.bottom + 1 : s.y, t.y) + STUB;
  return [s, { x: s.x + STUB, y: s.y }, { x: s.x + STUB, y: below }, { x: t.x - STUB, y: below }, { x: t.x - STUB, y: t.y }, t];
}

/**
 * A router among the steps' boxes (given once for all the connections drawn among them): each call routes one
 * connection, clear of every step where a clear route exists. `sourceBox` and `targetBox` must be objects of `boxes`.
 */
export function routerAmong(boxes: readonly Box[]): (request: RouteRequest) => Route {
  const padded = boxes.map((b) => inflate(b, CLEARANCE));
  const paddedOf = new Map(boxes.map((b, i) => [b, padded[i]!]));
  const obstacles = new Obstacles(padded);
  return ({ source, target, sourceBox = null, targetBox = null, label = null }) => {
    const s = { x: source.x, y: source.y };
    const t = { x: target.x, y: target.y };
    const search: Search = {
      s,
      t,
      obstacles,
      sourceBox: sourceBox ? (paddedOf.get(sourceBox) ?? null) : null,
      targetBox: targetBox ? (paddedOf.get(targetBox) ?? null) : null,
    };
    const plain = plainRoute(s, t, sourceBox);
    let points = plain;
    let detour = false;
    obstacles.tests = 0;
    if (!obstacles.clear(plain, search.sourceBox, search.targetBox)) {
      const found = (t.x - s.x >= 2 * MIN_STUB ? threeLineRoute(search) : null) ?? fiveLineRoute(search);
      detour = found !== null;
      points = found ?? plain;
    }
    points = simplify(points);
    const at = labelPoint(points, label, boxes);
    return { points, path: pathOf(points), labelX: at.x, labelY: at.y, detour };
  };
}

export interface RouteRequest {
  source: Point;
  target: Point;
  /** The boxes of the steps joined, if known (the route may start and end within their clearance). */
  sourceBox?: Box | null;
  targetBox?: Box | null;
  /** The label's size, to place it clear of the steps. */
  label?: { width: number; height: number } | null;
}

/** One connection's route among `boxes` (every step's box, the two joined included). */
export function routeEdge(request: RouteRequest & { boxes: readonly Box[] }): Route {
  return routerAmong(request.boxes)(request);
}

/** Whether a route passes near a box (within the clearance): a step placed or moved there may block it. */
export function routeNear(route: Route, box: Box): boolean {
  const padded = inflate(box, CLEARANCE);
  for (let i = 1; i < route.points.length; i += 1) if (crosses(route.points[i - 1]!, route.points[i]!, padded)) return true;
  return false;
}

/** The size a branch label takes, as builder.css draws it (11 px text with a 4 px halo). */
export function labelSize(text: string): { width: number; height: number } {
  return { width: Math.ceil(text.length * 6.2) + 8, height: 16 };
}
