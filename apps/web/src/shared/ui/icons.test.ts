import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NAVIGATION, type NavItem } from '@admin-portal/contract/navigation';
import { TOOL_TYPES } from '@admin-portal/contract/tools/tool-types/registry';
import { STEP_TYPES } from '@admin-portal/contract/workflows/step-types/registry';
import { AI_ICONS } from './icon-sets/ai.ts';
import { BUILDER_ICONS } from './icon-sets/builder.ts';
import { CONTROL_ICONS } from './icon-sets/controls.ts';
import { SHELL_ICONS } from './icon-sets/shell.ts';
import { TOOL_ICONS } from './icon-sets/tools.ts';
import { addIcons, hasIcon, Icon, iconImage } from './icons.tsx';

const ICONS_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('bootstrap-icons/package.json')), 'icons');

/** What the package's own file of the icon draws inside its <svg>, read here independently of the generator. */
function packageArtwork(name: string): string {
  const svg = fs.readFileSync(path.join(ICONS_DIR, `${name}.svg`), 'utf8');
  return svg
    .slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'))
    .trim()
    .replace(/>\s+</g, '><');
}

/** The `<svg>` element `Icon` renders for these props. */
const draw = (props: Parameters<typeof Icon>[0]) => renderToStaticMarkup(createElement(Icon, props));
const svgOf = (url: string) => decodeURIComponent(url.replace(/^url\("data:image\/svg\+xml,/, '').replace(/"\)$/, ''));
const inner = (svg: string) => svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));

const navigationIcons = (items: readonly NavItem[]): string[] => items.flatMap((i) => [...(i.icon ? [i.icon] : []), ...navigationIcons(i.children ?? [])]);

describe('Icon', () => {
  it('draws the package’s artwork in its 16 × 16 box, filled with the text colour and never stroked', () => {
    const html = draw({ name: 'gear' });
    expect(html).toMatch(/^<svg class="icon" width="1em" height="1em" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">/);
    expect(html).not.toContain('stroke');
    expect(inner(html)).toBe(packageArtwork('gear'));
  });

  it('keeps the class names and the size it is given', () => {
    const html = draw({ name: 'search', size: 32, className: 'mb-3 opacity-50' });
    expect(html).toMatch(/^<svg class="icon mb-3 opacity-50" width="32" height="32" /);
  });

  it('draws the dot for a name no registered set has, and the name’s icon once its set is added', () => {
    expect(inner(draw({ name: 'no-such-icon' }))).toBe(packageArtwork('dot'));
    expect(hasIcon('no-such-icon')).toBe(false);
    const set = { 'test-square': '<path d="M2 2h12v12H2z"/>' };
    expect(inner(draw({ name: 'test-square' }))).toBe(packageArtwork('dot'));
    addIcons(set);
    expect(hasIcon('test-square')).toBe(true);
    expect(inner(draw({ name: 'test-square' }))).toBe(set['test-square']);
  });

  it('never takes a name for markup, nor an object’s built-in property for an icon', () => {
    expect(inner(draw({ name: '<script>alert(1)</script>' }))).toBe(packageArtwork('dot'));
    for (const name of ['__proto__', 'constructor', 'toString']) expect(hasIcon(name), name).toBe(false);
  });
});

describe('iconImage', () => {
  it('draws the named icon as a CSS image filled with the given colour', () => {
    const svg = svgOf(iconImage('gear', '#6f42c1'));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" fill="#6f42c1">')).toBe(true);
    expect(svg).not.toContain('stroke');
    expect(inner(svg)).toBe(packageArtwork('gear'));
  });

  it('draws the dot for an unknown name', () => {
    expect(inner(svgOf(iconImage('no-such-icon', '#000')))).toBe(packageArtwork('dot'));
  });

  it('gives the same string for the same icon and colour (one image for the browser to decode)', () => {
    expect(iconImage('people', '#0dcaf0')).toBe(iconImage('people', '#0dcaf0'));
    expect(iconImage('people', '#0dcaf0')).not.toBe(iconImage('people', '#000000'));
  });

  it('does not keep the dot for a name whose set is added later', () => {
    expect(inner(svgOf(iconImage('test-circle', '#000')))).toBe(packageArtwork('dot'));
    addIcons({ 'test-circle': '<circle cx="8" cy="8" r="6"/>' });
    expect(inner(svgOf(iconImage('test-circle', '#000')))).toBe('<circle cx="8" cy="8" r="6"/>');
  });
});

describe('the icon sets', () => {
  const sets = { SHELL_ICONS, CONTROL_ICONS, BUILDER_ICONS, TOOL_ICONS, AI_ICONS };

  it('hold each icon as the package draws it', () => {
    for (const [setName, set] of Object.entries(sets)) {
      for (const [name, markup] of Object.entries(set)) expect(markup, `${setName}: ${name}`).toBe(packageArtwork(name));
    }
  });

  it('give every item of the menu an icon of the shell, which every staff page has', () => {
    const names = navigationIcons(NAVIGATION);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) expect(Object.keys(SHELL_ICONS), name).toContain(name);
  });

  it('give every step type an icon of the builder’s set or the shell’s', () => {
    for (const { type, icon } of STEP_TYPES) expect({ ...SHELL_ICONS, ...BUILDER_ICONS }, type).toHaveProperty([icon]);
  });

  it('give every tool type an icon of the tools’ set or the shell’s', () => {
    for (const { type, icon } of TOOL_TYPES) expect({ ...SHELL_ICONS, ...TOOL_ICONS }, type).toHaveProperty([icon]);
  });
});
