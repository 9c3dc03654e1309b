/**
 * The time variable t: a reserved name (formulation.md section 11, time-varying parameters). Values, ratios,
 * couplings and laws may use it; no parameter may be named t; an Expression that uses it has `dependsOnTime`.
 */
export const TIME_VARIABLE = 't';
