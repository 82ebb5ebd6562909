import type { Theme } from '../../../shared/theme/theme.ts';

/*
 * The colour of each step category, in both themes: the left border and icon of a step on the canvas and of its
 * palette item. Kept here rather than in the stylesheet because the step icons are images drawn in this colour.
 */
const ACCENTS: Record<string, Record<Theme, string>> = {
  flow: { light: '#6f42c1', dark: '#a98eda' },
  input: { light: '#0d6efd', dark: '#6ea8fe' },
  automation: { light: '#fd7e14', dark: '#fd7e14' },
  review: { light: '#198754', dark: '#75b798' },
  messaging: { light: '#0dcaf0', dark: '#0dcaf0' },
};
const NEUTRAL: Record<Theme, string> = { light: '#6c757d', dark: '#adb5bd' };

/** Bootstrap's danger colour and its dark-theme text emphasis: the problem marker on a step. */
export const PROBLEM_COLOURS: Record<Theme, string> = { light: '#dc3545', dark: '#ea868f' };

export function stepAccent(category: string | undefined, theme: Theme): string {
  return (category && ACCENTS[category]?.[theme]) || NEUTRAL[theme];
}
