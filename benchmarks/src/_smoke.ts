import { eigenvalues, formatDense } from '@sysgraph/linalg';
const c = eigenvalues([[0,1,0,0],[0,0,1,0],[0,0,0,1],[-10,-19,-13,-5]]);
console.log(Array.from(c.re), Array.from(c.im));
console.log(formatDense([[1, -0.5],[1e-7, 123456789]], ['vC', 'iL']));
