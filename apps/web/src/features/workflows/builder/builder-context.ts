import { createContext, useContext } from 'react';
import type { StepTypes } from './graph-model.ts';
import type { Theme } from '../../../shared/theme/theme.ts';
import type { ProblemsStore } from './problems-store.ts';
import type { SimulationOverlay } from '../simulation/simulation-overlay.ts';

/** What every node on the canvas reads without props: the step types, the problems store, the theme and the zoom level. */
export interface BuilderContextValue {
  types: StepTypes;
  problems: ProblemsStore;
  readOnly: boolean;
  theme: Theme;
  /** Zoomed out so far that text and handles are too small to use: steps draw a lighter version of themselves. */
  far: boolean;
  /** A simulation's counts shown on the canvas (More → Simulate… → Show on the graph), or null. */
  simulation: SimulationOverlay | null;
}

export const BuilderContext = createContext<BuilderContextValue | null>(null);

export function useBuilderContext(): BuilderContextValue {
  const value = useContext(BuilderContext);
  if (!value) throw new Error('useBuilderContext outside the builder');
  return value;
}
