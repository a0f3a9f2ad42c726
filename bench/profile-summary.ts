/**
 * Where a server's CPU went: reads a V8 CPU profile (`node --cpu-prof`, or a benchmark run with BENCH_CPU_PROF=<dir>)
 * and prints how busy the thread was, then its self time by area (a package, one of our folders, Node itself,
 * garbage collection) and by function. Used to show the chat's main thread before and after a change
 * (docs/benchmarks.md).
 * @example node bench/profile-summary.ts /tmp/prof/CPU.20261123.102526.5176.0.001.cpuprofile --top 25
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The area a frame belongs to: a package, a folder of ours, Node's own code, or V8's pseudo-frames. */
export function areaOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url.split('/')[0]!;
  const ours = /\/(src\/lib\/[^/]+|src\/[^/]+|server|dist\/server)\//.exec(url);
  return ours ? ours[1]!.replace(/\.ts$/, '') : url;
}

export function summarize(profile: Profile, top: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = profile.endTime - profile.startTime;
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let idle = 0;
  for (const [id, micros] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') idle += micros;
    const area = areaOf(frame);
    areas.set(area, (areas.get(area) ?? 0) + micros);
    const where = frame.url
      ? `${frame.url.replace(/^.*\/(node_modules|src|server|dist)\//, '$1/')}:${frame.lineNumber + 1}`
      : '';
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const busy = total - idle;
  const ms = (micros: number) => `${(micros / 1000).toFixed(0).padStart(7)} ms`;
  const share = (micros: number) => `${((micros / busy) * 100).toFixed(1).padStart(5)}%`;
  const rows = (map: Map<string, number>) =>
    [...map]
      .filter(([name]) => name !== '(idle)' && !name.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `  ${ms(micros)} ${share(micros)}  ${name}`);
  return [
    `profiled ${ms(total).trim()}, busy ${ms(busy).trim()} (${((busy / total) * 100).toFixed(1)}%), idle ${ms(idle).trim()}`,
    `self time by area (share of busy time):`,
    ...rows(areas),
    `self time by function:`,
    ...rows(functions),
  ].join('\n');
}

if (import.meta.main) {
  const [file, flag, n] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/profile-summary.ts <file.cpuprofile> [--top N]');
    process.exit(2);
  }
  console.log(summarize(JSON.parse(readFileSync(file, 'utf8')) as Profile, flag === '--top' ? Number(n) : 20));
}
