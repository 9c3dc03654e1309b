/**
 * The element classes of the linear-graph method.
 *
 *  A  A-type (capacitor-like):  i = (C v)'      generalised value C
 *  T  T-type (inductor-like):   v = (L i)'      generalised value L
 *  D  D-type (resistor-like):   v = R i         generalised value R
 *  E  across source:            v = u_E
 *  J  through source:           i = u_J
 *
 * Two-ports (transformer, gyrator) contribute two branches each, classed as ports.
 */
export type OnePortType = 'A' | 'T' | 'D';
export type SourceType = 'E' | 'J';
export type TwoPortKind = 'transformer' | 'gyrator';

/** The class of one branch of the linear graph, as the normal tree and the partition see it. */
export type BranchClass =
  | 'E' // across source
  | 'A' // A-type (capacitor)
  | 'D' // D-type (resistor)
  | 'T' // T-type (inductor)
  | 'J' // through source
  | 'TF' // transformer port
  | 'GY'; // gyrator port

export type Variable = 'across' | 'through';
