/** @sysgraph/sensitivity: sensitivities of linear models to their parameters, and the energy audit of a trajectory. */
export { dualField, isZeroDual } from './dual-number';
export type { Dual } from './dual-number';
export { dualBackend } from './dual-backend';
export { matrixSensitivities, dualSensitivities, symbolicSensitivities, SENSITIVITY_MATRICES, SYMBOLIC_MAX_STATES, SYMBOLIC_MAX_BRANCHES } from './matrix-sensitivities';
export type { MatrixSensitivities, MatrixSensitivityOptions, SensitivityMatrix, Matrices } from './matrix-sensitivities';
export { requireLinear, checkParameters } from './check-model';
export { poleSensitivities, polesFromMatrices } from './pole-sensitivities';
export type { PoleSensitivities, PoleSensitivity, ComplexNumber } from './pole-sensitivities';
export { eigenvector } from './eigenvector';
export { sensitivityModel, sensitivityName } from './sensitivity-model';
export { trajectorySensitivities, trajectoryFromMatrices, followed } from './trajectory-sensitivities';
export type { TrajectoryOptions, TrajectorySensitivities } from './trajectory-sensitivities';
