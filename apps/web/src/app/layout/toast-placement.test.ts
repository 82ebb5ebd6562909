import { describe, expect, it } from 'vitest';
import { toastPlacement, type Box, type PlacementInput } from './toast-placement.ts';

const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });
const at = (over: Partial<PlacementInput> = {}) =>
  toastPlacement({ viewportWidth: 1440, viewportHeight: 900, headerBottom: 60, toastWidth: 350, gap: 16, clear: [], beside: [], ...over });

describe('toastPlacement', () => {
  it('stands top-right, below the header', () => {
    expect(at()).toEqual({ top: 76, right: 16 });
    expect(at({ headerBottom: 0 })).toEqual({ top: 16, right: 16 });
  });

  it('stands below a toolbar it would cover, not below one elsewhere or scrolled away', () => {
    const builderToolbar = box(280, 110, 1420, 160);
    expect(at({ clear: [builderToolbar] }).top).toBe(176);
    const leftOnly = box(280, 110, 700, 400);
    expect(at({ clear: [leftOnly] }).top).toBe(76);
    const scrolledAway = box(280, -200, 1420, 40);
    expect(at({ clear: [scrolledAway] }).top).toBe(76);
    const hidden = box(0, 0, 0, 0);
    expect(at({ clear: [hidden] }).top).toBe(76);
  });

  it('stands to the left of a side panel when the window has room, clear of the panel’s header', () => {
    const panel = box(1040, 60, 1440, 900);
    const panelHeader = box(1040, 60, 1440, 110);
    expect(at({ beside: [panel], clear: [panelHeader] })).toEqual({ top: 76, right: 416 });
    // …and still below a page toolbar that runs under the panel.
    expect(at({ beside: [panel], clear: [panelHeader, box(280, 110, 1420, 160)] })).toEqual({ top: 176, right: 416 });
  });

  it('stands over a panel that leaves no room beside it, below its header', () => {
    const panel = box(0, 60, 390, 844);
    const panelHeader = box(0, 60, 390, 112);
    expect(at({ viewportWidth: 390, viewportHeight: 844, beside: [panel], clear: [panelHeader] })).toEqual({ top: 128, right: 16 });
  });
});
