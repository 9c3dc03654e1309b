/**
 * The two ngspice settings of the benchmark: its defaults (the anchors), and tight tolerances that bring
 * its error towards sysgraph's for a comparison at closer accuracy (reltol 1e-6, trtol 1: the truncation-error
 * estimate taken at face value; vntol/abstol scaled down with it).
 */
import type { SpiceSettings } from './spice-netlist';
import { SPICE_DEFAULTS } from './spice-netlist';

export const SPICE_TIGHT: SpiceSettings = {
  label: 'reltol=1e-6 trtol=1',
  options: { reltol: 1e-6, trtol: 1, vntol: 1e-9, abstol: 1e-15 },
  intervals: 200,
};

export const SPICE_SETTINGS = { defaults: SPICE_DEFAULTS, tight: SPICE_TIGHT } as const;
