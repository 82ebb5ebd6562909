import { describe, expect, it } from 'vitest';
import { iconImage } from './icons.tsx';

const svgOf = (url: string) => decodeURIComponent(url.replace(/^url\("data:image\/svg\+xml,/, '').replace(/"\)$/, ''));

describe('iconImage', () => {
  it('draws the named icon as a CSS image stroked in the given colour', () => {
    const svg = svgOf(iconImage('flag', '#6f42c1'));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24" fill="none" stroke="#6f42c1" stroke-width="1.8"/);
    expect(svg).toContain('<path d="');
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('serialises every shape of a multi-part icon, and draws a dot for an unknown name', () => {
    const gear = svgOf(iconImage('gear', '#000'));
    expect(gear.match(/<circle /g)).toHaveLength(3);
    expect(svgOf(iconImage('no-such-icon', '#000'))).toContain('<circle cx="12" cy="12" r="2.5"/>');
  });

  it('gives the same string for the same icon and colour (one image for the browser to decode)', () => {
    expect(iconImage('bell', '#0dcaf0')).toBe(iconImage('bell', '#0dcaf0'));
    expect(iconImage('bell', '#0dcaf0')).not.toBe(iconImage('bell', '#000000'));
  });
});
