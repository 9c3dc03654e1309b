/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): self and inclusive time per function, largest first — the
 * hot-spot reading behind the Findings of benchmarks/README.md.
 * Run: npx tsx benchmarks/src/tools/summarize-cpuprofile.ts <file.cpuprofile> [--top 30]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export function summarizeProfile(profile: CpuProfile, top: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const sampled = new Map<number, number>();
  profile.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const name = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*?\/(packages|benchmarks|node_modules)\//, '$1/')}`;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [id, us] of sampled) {
    total += us;
    const k = name(byId.get(id)!);
    self.set(k, (self.get(k) ?? 0) + us);
    const seen = new Set<string>(); // recursion counted once per sample
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
      const kx = name(byId.get(x)!);
      if (seen.has(kx)) continue;
      seen.add(kx);
      inclusive.set(kx, (inclusive.get(kx) ?? 0) + us);
    }
  }
  const list = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, us]) => `${(us / 1000).toFixed(0).padStart(8)} ms  ${k}`);
  return [`total ${(total / 1000).toFixed(0)} ms`, '-- self', ...list(self), '-- inclusive', ...list(inclusive)].join('\n');
}

if (process.argv[1]?.endsWith('summarize-cpuprofile.ts')) {
  const file = process.argv[2];
  const k = process.argv.indexOf('--top');
  const top = k > 0 ? Number(process.argv[k + 1]) : 30;
  if (!file) {
    console.error('usage: summarize-cpuprofile.ts <file.cpuprofile> [--top 30]');
    process.exit(2);
  }
  console.log(summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, top));
}
