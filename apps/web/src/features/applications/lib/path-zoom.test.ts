import { describe, expect, it } from 'vitest';
import { fitZoom, nextZoom } from './path-zoom.ts';

describe('the case path’s zoom', () => {
  it('never enlarges a narrow (vertical) workflow past the builder’s scale', () => {
    expect(fitZoom(212, 600)).toBe(1);
  });

  it('fits a wide workflow, but not below a readable size (the rest pans)', () => {
    expect(fitZoom(800, 600)).toBe(0.75);
    expect(fitZoom(4000, 600)).toBe(0.6);
  });

  it('steps in and out between its limits', () => {
    expect(nextZoom(0.75, 1)).toBe(0.9);
    expect(nextZoom(0.75, -1)).toBe(0.6);
    expect(nextZoom(0.62, -1)).toBe(0.6);
    expect(nextZoom(1.5, 1)).toBe(1.5);
    expect(nextZoom(0.4, -1)).toBe(0.4);
  });

  it('answers the builder’s scale when a width is unknown', () => {
    expect(fitZoom(0, 600)).toBe(1);
    expect(fitZoom(500, 0)).toBe(1);
  });
});
