/** The numeric matrices analysis reads: x̃' = A x̃ + B u, y = C x̃ + D u + E u'. */
export interface NumericModel {
  readonly A: readonly (readonly number[])[];
  readonly B: readonly (readonly number[])[];
  readonly C: readonly (readonly number[])[];
  readonly D: readonly (readonly number[])[];
  readonly E: readonly (readonly number[])[];
}
