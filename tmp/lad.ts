import { symbolicLadder } from '../benchmarks/src/symbolic-ladders';
console.log(JSON.stringify(symbolicLadder(process.argv[2] as 'rc' | 'rlc', Number(process.argv[3]))));
