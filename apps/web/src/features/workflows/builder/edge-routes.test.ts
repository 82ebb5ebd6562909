import { describe, expect, it } from 'vitest';
import { labelSize, routeEdge, routeNear, type Box, type Point, type Route } from './edge-routes.ts';

/** A step's box as the builder draws it: 220 px wide. */
const step = (x: number, y: number, height = 64): Box => ({ left: x, top: y, right: x + 220, bottom: y + height });
/** Handles hang 5.5 px over the border: an output's point is right of it, an input's left of it. */
const output = (b: Box, y = (b.top + b.bottom) / 2): Point => ({ x: b.right + 5.5, y });
const input = (b: Box): Point => ({ x: b.left - 5.5, y: (b.top + b.bottom) / 2 });

/** Every line of the route outside every box, but for the first line leaving the source and the last entering the target. */
function passesBehind(route: Route, boxes: readonly Box[], source: Box, target: Box): Box[] {
  const hit: Box[] = [];
  const points = route.points;
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    for (const box of boxes) {
      const rightwards = a.y === b.y && b.x > a.x;
      if (rightwards && ((i === 1 && box === source) || (i === points.length - 1 && box === target))) continue;
      const inside =
        a.y === b.y
          ? a.y > box.top && a.y < box.bottom && Math.min(a.x, b.x) < box.right && Math.max(a.x, b.x) > box.left
          : a.x > box.left && a.x < box.right && Math.min(a.y, b.y) < box.bottom && Math.max(a.y, b.y) > box.top;
      if (inside) hit.push(box);
    }
  }
  return hit;
}

function labelCovers(route: Route, text: string, boxes: readonly Box[]): boolean {
  const { width, height } = labelSize(text);
  return boxes.some(
    (b) => route.labelX - width / 2 < b.right && route.labelX + width / 2 > b.left && route.labelY - height / 2 < b.bottom && route.labelY + height / 2 > b.top,
  );
}

describe('routeEdge', () => {
  it('draws a straight line when nothing is in the way', () => {
    const a = step(0, 0);
    const b = step(400, 0);
    const route = routeEdge({ source: output(a), target: input(b), sourceBox: a, targetBox: b, boxes: [a, b] });
    expect(route.points).toEqual([output(a), input(b)]);
    expect(route.path).toBe(`M${output(a).x} 32 L${input(b).x} 32`);
    expect(route.detour).toBe(false);
  });

  it('turns half-way between steps on different rows, as React Flow does', () => {
    const a = step(0, 0);
    const b = step(400, 200);
    const route = routeEdge({ source: output(a), target: input(b), sourceBox: a, targetBox: b, boxes: [a, b] });
    expect(route.points.map((p) => p.x)).toEqual([225.5, 310, 310, 394.5]);
  });

  it('runs an approval\'s "Rejected" connection to its End around the "Approved" End, its label clear of both', () => {
    // As issue 32 found it: the approval below, the Approved End and the Rejected End side by side above it.
    const start = step(0, 100);
    const approval = step(200, 250, 94);
    const approved = step(520, 100);
    const rejected = step(820, 100);
    const boxes = [start, approval, approved, rejected];
    const rejectedHandle = output(approval, 250 + 51 + 18 + 9);
    const route = routeEdge({ source: rejectedHandle, target: input(rejected), sourceBox: approval, targetBox: rejected, boxes, label: labelSize('Rejected') });
    expect(passesBehind(route, boxes, approval, rejected)).toEqual([]);
    expect(labelCovers(route, 'Rejected', boxes)).toBe(false);
    expect(route.detour).toBe(true);
    // The turn half-way React Flow takes runs behind the Approved End.
    const x = Math.round((rejectedHandle.x + input(rejected).x) / 2);
    expect(x > approved.left && x < approved.right).toBe(true);
  });

  it('goes around a step standing between the two on the same row', () => {
    const a = step(0, 0);
    const middle = step(300, 0);
    const b = step(600, 0);
    const boxes = [a, middle, b];
    const route = routeEdge({ source: output(a), target: input(b), sourceBox: a, targetBox: b, boxes, label: labelSize('Approved') });
    expect(passesBehind(route, boxes, a, b)).toEqual([]);
    expect(labelCovers(route, 'Approved', boxes)).toBe(false);
    expect(route.points[0]).toEqual(output(a));
    expect(route.points.at(-1)).toEqual(input(b));
  });

  it('takes a connection back to an earlier step around both steps', () => {
    const a = step(0, 0);
    const b = step(400, 0);
    const boxes = [a, b];
    const route = routeEdge({ source: output(b), target: input(a), sourceBox: b, targetBox: a, boxes });
    expect(passesBehind(route, boxes, b, a)).toEqual([]);
    expect(route.points[0]).toEqual(output(b));
    expect(route.points.at(-1)).toEqual(input(a));
  });

  it('takes a branch to the step right below its own around, never back through the step it leaves', () => {
    // The account-opening template: "Documents complete?" sends Otherwise to "Ask for the missing documents" below it.
    const check = step(1280, 80, 94);
    const ask = step(1280, 250, 66);
    const boxes = [check, ask];
    const route = routeEdge({ source: output(check, 158), target: input(ask), sourceBox: check, targetBox: ask, boxes, label: labelSize('Otherwise') });
    expect(passesBehind(route, boxes, check, ask)).toEqual([]);
    expect(labelCovers(route, 'Otherwise', boxes)).toBe(false);
    expect(route.points[1]!.x).toBeGreaterThan(output(check).x);
  });

  it('puts a label where it covers no step, even when the middle of the line is beside one', () => {
    // A short vertical drop right beside a step: a label centred on it would lie over the step.
    const a = step(0, 0);
    const b = step(260, 300);
    const beside = step(260, 120);
    const boxes = [a, b, beside];
    const route = routeEdge({ source: output(a), target: input(b), sourceBox: a, targetBox: b, boxes, label: labelSize('18 or older') });
    expect(passesBehind(route, boxes, a, b)).toEqual([]);
    expect(labelCovers(route, '18 or older', boxes)).toBe(false);
  });

  it('knows which routes a step placed near them may block', () => {
    const a = step(0, 0);
    const b = step(600, 0);
    const route = routeEdge({ source: output(a), target: input(b), sourceBox: a, targetBox: b, boxes: [a, b] });
    expect(routeNear(route, step(300, 0))).toBe(true);
    expect(routeNear(route, step(300, 200))).toBe(false);
  });

  it('routes a 500-step canvas quickly enough to redraw after a drag', () => {
    const boxes: Box[] = [];
    for (let i = 0; i < 500; i += 1) boxes.push(step((i % 20) * 300, Math.floor(i / 20) * 170));
    const started = performance.now();
    let detours = 0;
    for (let i = 0; i < 499; i += 1) {
      const from = boxes[i]!;
      const to = boxes[i + 1]!;
      const route = routeEdge({ source: output(from), target: input(to), sourceBox: from, targetBox: to, boxes });
      if (route.detour) detours += 1;
      expect(passesBehind(route, boxes, from, to)).toEqual([]);
    }
    // Each row's last step leads back to the first of the next row: those go around.
    expect(detours).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
