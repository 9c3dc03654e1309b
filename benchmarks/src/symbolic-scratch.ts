import { readFileSync } from 'node:fs';
import { derive } from './symbolic-derivation.bench';
import { symbolicLadder } from './symbolic-ladders';
const [what = 'rlc', n = '8', reps = '3'] = process.argv.slice(2);
const text = what === 'cellier' ? readFileSync('examples/cellier-gear.json', 'utf8') : JSON.stringify(symbolicLadder(what as 'rc' | 'rlc', Number(n)));
for (let r = 0; r < Number(reps); r++) { const d = derive(text, 'ABCD+H'); console.log(JSON.stringify(d.stages), d.detTerms, d.estimateTerms, d.estimateMs); }
