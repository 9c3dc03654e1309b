/** The names of sensitivities in traces and tables, and of the augmented model's states and outputs. */

/** The name of ∂q/∂θ in traces and tables. */
export const sensitivityName = (quantity: string, parameter: string): string => `d(${quantity})/d(${parameter})`;

/** The column of the sensitivity model: θ·∂q/∂θ. */
export const scaledSensitivityName = (quantity: string, parameter: string): string => `${parameter}·d(${quantity})/d(${parameter})`;

/** The augmented model's names: the quantities, then θ·d(q)/d(θ) for each chosen parameter. */
export function augmentedNames(base: readonly string[], parameters: readonly number[], names: readonly string[]): string[] {
  return [...base, ...parameters.flatMap((k) => base.map((x) => scaledSensitivityName(x, names[k])))];
}
