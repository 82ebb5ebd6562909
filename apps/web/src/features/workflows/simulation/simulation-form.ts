/** The simulation dialog's form: whole days in the user's calendar, turned into the period the API takes. */
import { SIMULATION_DEFAULT_DAYS, type SimulationNewReviews, type StartSimulation } from '@admin-portal/contract/workflows/simulations';

export interface SimulationForm {
  /** yyyy-mm-dd, the first day read. */
  from: string;
  /** yyyy-mm-dd, the last day read (whole). */
  to: string;
  /** '' for every version, else a version number. */
  ranOn: string;
  newReviews: SimulationNewReviews;
  /** Tools the run may call for real in their sandbox (development) configuration. */
  sandbox: string[];
}

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The last 30 days, today included, every version, new reviews left waiting. */
export function defaultSimulationForm(now: Date = new Date()): SimulationForm {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (SIMULATION_DEFAULT_DAYS - 1));
  return { from: day(from), to: day(now), ranOn: '', newReviews: 'wait', sandbox: [] };
}

/** Local midnight of a yyyy-mm-dd day, `plusDays` later. */
function midnight(value: string, plusDays = 0): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays);
}

/** The body of POST …/simulations: from the first day's midnight to the midnight after the last day. */
export function simulationBody(form: SimulationForm): StartSimulation {
  const from = midnight(form.from);
  const to = midnight(form.to, 1);
  return {
    ...(from ? { from: from.toISOString() } : {}),
    ...(to ? { to: to.toISOString() } : {}),
    ...(form.ranOn ? { ran_on_version: Number(form.ranOn) } : {}),
    new_reviews: form.newReviews,
    ...(form.sandbox.length > 0 ? { sandbox_tools: form.sandbox } : {}),
  };
}
