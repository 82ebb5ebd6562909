import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { NAVIGATION, type NavItem } from '@admin-portal/contract/navigation';
import { TOOL_TYPES } from '@admin-portal/contract/tools/tool-types/registry';
import { STEP_TYPES } from '@admin-portal/contract/workflows/step-types/registry';
import { SEARCH_ICONS } from '../src/features/search/components/search-icons.ts';
import { ICON_SETS, ICON_SETS_DIR, iconMarkup, iconSetModule, iconSvg } from './icon-sets.ts';

const SRC = path.join(import.meta.dirname, '..', 'src');

describe('the generated icon sets', () => {
  it('are up to date with the lists and the installed package (`npm run icons` writes them again)', () => {
    for (const set of Object.keys(ICON_SETS)) {
      const file = path.join(ICON_SETS_DIR, `${set}.ts`);
      expect(fs.existsSync(file), `${set}.ts is missing`).toBe(true);
      expect(fs.readFileSync(file, 'utf8'), `icon-sets/${set}.ts is out of date: run npm run icons`).toBe(iconSetModule(set));
    }
    expect(fs.readdirSync(ICON_SETS_DIR).sort()).toEqual(
      Object.keys(ICON_SETS)
        .map((s) => `${s}.ts`)
        .sort(),
    );
  });

  it('hold each name once per set, each a file of the package', () => {
    for (const [set, { names }] of Object.entries(ICON_SETS)) {
      expect(new Set(names).size, set).toBe(names.length);
      for (const name of names) expect(() => iconSvg(name), name).not.toThrow();
    }
  });

  it('take what the <svg> holds, without the whitespace between elements', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" fill="currentColor" class="bi bi-x" viewBox="0 0 16 16">\n  <path d="M1 1h2"/>\n  <path fill-rule="evenodd" d="M4 4h2"/>\n</svg>\n';
    expect(iconMarkup(svg)).toBe('<path d="M1 1h2"/><path fill-rule="evenodd" d="M4 4h2"/>');
  });

  it('refuse an icon drawn otherwise than 16 × 16 in currentColor, and a name the package does not have', () => {
    expect(() => iconMarkup('<svg viewBox="0 0 24 24" fill="currentColor"><path d="M1 1"/></svg>')).toThrow(/16 × 16/);
    expect(() => iconMarkup('<svg viewBox="0 0 16 16" fill="none" stroke="currentColor"><path d="M1 1"/></svg>')).toThrow(/currentColor/);
    expect(() => iconSvg('no-such-icon')).toThrow(/no icon "no-such-icon"/);
    expect(() => iconSvg('../package')).toThrow(/no icon/);
  });
});

// ---------------------------------------------------------------- where each name is drawn

const navigationIcons = (items: readonly NavItem[]): string[] => items.flatMap((i) => [...(i.icon ? [i.icon] : []), ...navigationIcons(i.children ?? [])]);
const STEP_TYPE_ICONS = STEP_TYPES.map((t) => t.icon);
const TOOL_TYPE_ICONS = TOOL_TYPES.map((t) => t.icon);

/**
 * The modules that draw names they are given as data, with the names they may be given. A module whose data is its
 * own (a table of links, a component's `icon="…"` props) lists none: its `icon: '…'` and `icon="…"` are read below.
 */
const FROM_DATA: Readonly<Record<string, readonly string[]>> = {
  'app/layout/nav-menu.tsx': navigationIcons(NAVIGATION),
  'app/layout/sidebar.tsx': [],
  'features/help/components/help-page.tsx': [],
  'features/search/components/search-palette.tsx': Object.values(SEARCH_ICONS),
  'features/search/components/search-page.tsx': Object.values(SEARCH_ICONS),
  'features/workflows/builder/palette.tsx': STEP_TYPE_ICONS,
  'features/workflows/builder/config-panel.tsx': STEP_TYPE_ICONS,
  'features/workflows/builder/step-node.tsx': STEP_TYPE_ICONS,
  'features/tools/components/registry/tool-badges.tsx': TOOL_TYPE_ICONS,
  'features/tools/components/registry/start-gallery.tsx': TOOL_TYPE_ICONS,
};

interface Drawing {
  /** Names written in the module: `<Icon name="…">`, `iconImage('…', …)`, `icon: '…'`, `icon="…"`. */
  names: Set<string>;
  /** Whether it draws a name it does not write itself (`<Icon name={type.icon}>`). */
  fromData: boolean;
  /** The sets it adds (`addIcons(BUILDER_ICONS)`), by their set name. */
  registers: Set<string>;
}

const SET_BY_EXPORT = new Map(Object.entries(ICON_SETS).map(([set, spec]) => [spec.exportName, set]));

/** The names an expression may evaluate to, and whether it may be something else (a name from data). */
function namesOf(e: ts.Expression): { names: string[]; other: boolean } {
  if (ts.isStringLiteralLike(e)) return { names: [e.text], other: false };
  if (ts.isParenthesizedExpression(e)) return namesOf(e.expression);
  const both = (a: ts.Expression, b: ts.Expression) => {
    const [x, y] = [namesOf(a), namesOf(b)];
    return { names: [...x.names, ...y.names], other: x.other || y.other };
  };
  if (ts.isConditionalExpression(e)) return both(e.whenTrue, e.whenFalse);
  if (ts.isBinaryExpression(e) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(e.operatorToken.kind)) return both(e.left, e.right);
  return { names: [], other: true };
}

function drawingOf(file: string): Drawing {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const drawing: Drawing = { names: new Set(), fromData: false, registers: new Set() };
  const drawn = (e: ts.Expression | undefined, isName: boolean) => {
    if (!e) return;
    const { names, other } = namesOf(e);
    names.forEach((n) => drawing.names.add(n));
    if (isName && other) drawing.fromData = true;
  };
  const visit = (node: ts.Node) => {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText() === 'Icon') {
      for (const a of node.attributes.properties) {
        if (!ts.isJsxAttribute(a) || a.name.getText() !== 'name' || !a.initializer) continue;
        drawn(ts.isJsxExpression(a.initializer) ? a.initializer.expression : a.initializer, true);
      }
    } else if (ts.isJsxAttribute(node) && node.name.getText() === 'icon' && node.initializer && ts.isStringLiteral(node.initializer)) {
      drawing.names.add(node.initializer.text);
    } else if (ts.isPropertyAssignment(node) && node.name.getText() === 'icon' && ts.isStringLiteralLike(node.initializer)) {
      drawing.names.add(node.initializer.text);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      if (node.expression.text === 'iconImage') drawn(node.arguments[0], true);
      if (node.expression.text === 'addIcons' && node.arguments[0] && ts.isIdentifier(node.arguments[0])) {
        drawing.registers.add(SET_BY_EXPORT.get(node.arguments[0].text) ?? `unknown ${node.arguments[0].text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return drawing;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return full === ICON_SETS_DIR ? [] : sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

describe('every icon the app draws', () => {
  const drawings = new Map(sourceFiles(SRC).map((f) => [path.relative(SRC, f).split(path.sep).join('/'), drawingOf(f)]));
  const shell = new Set(ICON_SETS.shell!.names);
  /** The names a module can draw: the shell's, and those of the sets it adds. */
  const drawable = (d: Drawing) => new Set([...shell, ...[...d.registers].flatMap((s) => ICON_SETS[s]?.names ?? [])]);

  it('is read from the modules that draw (this test finds them)', () => {
    expect(drawings.get('app/layout/header.tsx')?.names).toContain('list');
    expect(drawings.get('app/layout/theme-toggle.tsx')?.names).toEqual(new Set(['sun', 'moon']));
    expect(drawings.get('app/layout/sidebar.tsx')?.names).toContain('question-circle');
    expect(drawings.get('features/workflows/builder/step-node.tsx')).toMatchObject({
      names: new Set(['dot', 'exclamation-triangle']),
      fromData: true,
      registers: new Set(['builder']),
    });
  });

  it('is in a set the drawing module has: the shell’s, or one the module adds', () => {
    for (const [file, d] of drawings) {
      const can = drawable(d);
      for (const name of [...d.names, ...(FROM_DATA[file] ?? [])]) expect(can.has(name), `${file} draws "${name}", in no set it adds`).toBe(true);
      for (const set of d.registers) expect(Object.keys(ICON_SETS), `${file} adds ${set}`).toContain(set);
    }
  });

  it('from data only where FROM_DATA says which names the data holds', () => {
    const fromData = [...drawings].filter(([, d]) => d.fromData).map(([f]) => f);
    expect(fromData.sort()).toEqual(Object.keys(FROM_DATA).sort());
  });

  it('and no icon is in a set unless a module that has the set draws it', () => {
    for (const [set, { names }] of Object.entries(ICON_SETS)) {
      const drawnWithSet = new Set(
        [...drawings].filter(([, d]) => set === 'shell' || d.registers.has(set)).flatMap(([f, d]) => [...d.names, ...(FROM_DATA[f] ?? [])]),
      );
      for (const name of names) expect(drawnWithSet.has(name), `${set}: "${name}" is drawn nowhere that adds the set`).toBe(true);
    }
  });
});
