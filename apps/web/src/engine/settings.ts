/**
 * Settings: what the page asks of the engine besides the description (formulation, state choice, signals,
 * simulation span and solver) and how the model is shown. readSettings() is the one gate for settings that
 * come from outside (a shared link): every field is checked and copied; anything else is dropped.
 */

export type FormulationName = 'general' | 'masd';
export type StateChoiceName = 'b1' | 'b2';
export type MatrixStyle = 'numeric' | 'symbolic';
/** A time-varying description's states (formulation.md section 11): charges and fluxes, or v_C and i_L. */
export type TimeVaryingFormName = 'charge-flux' | 'across-through';
export type StorageLawName = 'conservative' | 'non-conservative';

export interface Settings {
  readonly formulation: FormulationName;
  readonly stateChoice: StateChoiceName;
  /** Signal text by input name (step(1), ramp(1, 1e-3), sine(1, 50), pwl(0,0, 1,1), an expression of t). */
  readonly signals: Readonly<Record<string, string>>;
  /** End time of the simulation; null lets the engine suggest one from the model's slowest mode. */
  readonly tEnd: number | null;
  readonly solver: string;
  readonly samples: number;
  readonly style: MatrixStyle;
  /** Names of the plotted series; null plots the default choice. */
  readonly plotted: readonly string[] | null;
  /** Values in t: the states of the model, its storage laws, and the time of the numeric matrices shown. */
  readonly tvForm: TimeVaryingFormName;
  readonly storageLaw: StorageLawName;
  readonly tvTime: number;
  /** The parameters kept symbolic in symbolic entries (the others are numbers); empty: every parameter. */
  readonly symbolicParams: readonly string[];
  /** Parameter values replacing the description's (the parameter slider); empty: the description's own. */
  readonly paramValues: Readonly<Record<string, number>>;
}

export const DEFAULT_SETTINGS: Settings = {
  formulation: 'general',
  stateChoice: 'b1',
  signals: {},
  tEnd: null,
  solver: 'auto',
  samples: 600,
  style: 'numeric',
  plotted: null,
  tvForm: 'charge-flux',
  storageLaw: 'conservative',
  tvTime: 0,
  symbolicParams: [],
  paramValues: {},
};

export const SOLVER_CHOICES = ['auto', 'exact', 'krylov', 'chebyshev', 'dopri5', 'stiff', 'trbdf2', 'rk4', 'euler'] as const;

const MAX_SIGNAL_LENGTH = 500;
const MAX_NAMES = 200;
const NAME = /^[A-Za-z_\u00C0-\u02AF\u0370-\u03FF][A-Za-z0-9_.\u00C0-\u02AF\u0370-\u03FF]{0,99}$/;

/** Settings from untrusted data: only known fields of the right type and size survive. */
export function readSettings(raw: unknown): Settings {
  const s: Record<string, unknown> = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const signals: Record<string, string> = {};
  if (typeof s.signals === 'object' && s.signals !== null) {
    for (const [k, v] of Object.entries(s.signals as Record<string, unknown>).slice(0, MAX_NAMES)) {
      if (NAME.test(k) && typeof v === 'string' && v.length <= MAX_SIGNAL_LENGTH) signals[k] = v;
    }
  }
  const tEnd = typeof s.tEnd === 'number' && Number.isFinite(s.tEnd) && s.tEnd > 0 && s.tEnd < 1e12 ? s.tEnd : null;
  const samples = typeof s.samples === 'number' && Number.isInteger(s.samples) && s.samples >= 2 && s.samples <= 100_000 ? s.samples : DEFAULT_SETTINGS.samples;
  const plotted = Array.isArray(s.plotted)
    ? s.plotted.filter((x): x is string => typeof x === 'string' && x.length <= 120).slice(0, MAX_NAMES)
    : null;
  const paramValues: Record<string, number> = {};
  if (typeof s.paramValues === 'object' && s.paramValues !== null) {
    for (const [k, v] of Object.entries(s.paramValues as Record<string, unknown>).slice(0, MAX_NAMES)) {
      if (NAME.test(k) && typeof v === 'number' && Number.isFinite(v)) paramValues[k] = v;
    }
  }
  return {
    paramValues,
    formulation: s.formulation === 'masd' ? 'masd' : 'general',
    stateChoice: s.stateChoice === 'b2' ? 'b2' : 'b1',
    signals,
    tEnd,
    solver: (SOLVER_CHOICES as readonly unknown[]).includes(s.solver) ? (s.solver as string) : 'auto',
    samples,
    style: s.style === 'symbolic' ? 'symbolic' : 'numeric',
    plotted,
    tvForm: s.tvForm === 'across-through' ? 'across-through' : 'charge-flux',
    storageLaw: s.storageLaw === 'non-conservative' ? 'non-conservative' : 'conservative',
    symbolicParams: Array.isArray(s.symbolicParams) ? s.symbolicParams.filter((x): x is string => typeof x === 'string' && NAME.test(x)).slice(0, MAX_NAMES) : [],
    tvTime: typeof s.tvTime === 'number' && Number.isFinite(s.tvTime) && Math.abs(s.tvTime) < 1e12 ? s.tvTime : 0,
  };
}
