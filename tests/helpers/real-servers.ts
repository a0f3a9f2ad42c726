/**
 * Shared plumbing for tests that run real PostgreSQL and Redis servers on loopback: free ports, dropping root
 * (PostgreSQL refuses to run as root), waiting for a log line, stopping by pid, and the skip-or-fail rule.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Why a server cannot run here, or undefined when it can. Outside CI a missing binary skips the tests (the reason
 * is printed); in CI (CI=true) it is an error, so a broken CI image cannot pass by skipping.
 */
export function unavailable(what: string, binary: string | undefined): string | undefined {
  if (binary && existsSync(binary)) return undefined;
  const reason = `${what} not found (${binary ?? 'not on PATH'}); install it (Debian: see .ci/run)`;
  if (process.env.CI === 'true' || process.env.CI === '1') throw new Error(`CI=true and ${reason}`);
  console.warn(`skipping: ${reason}`);
  return reason;
}

/** The newest /usr/lib/postgresql/<version>/bin, or PG_BIN when set. */
export function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

export function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, name))) return join(dir, name);
  return undefined;
}

const isRoot = () => process.getuid?.() === 0;

/**
 * A fresh temporary directory the server may write to. As root it is handed to `nobody`, the user the server
 * then runs as (see asServer).
 */
export function serverDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (isRoot()) chownSync(dir, 65534, 65534);
  return dir;
}

/**
 * The command line to run `command` as an unprivileged user when we are root. `setpriv` execs in place (no
 * intermediate process), so the pid we get is the server's own and signals reach it directly.
 */
export function asServer(command: string, args: string[]): [string, string[]] {
  if (!isRoot()) return [command, args];
  return ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '--', command, ...args]];
}

export function runAsServer(command: string, args: string[]): void {
  const [cmd, argv] = asServer(command, args);
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Spawns a server and resolves once a line of its output matches `ready`; rejects if it exits first. */
export async function spawnUntil(
  command: string,
  args: string[],
  ready: RegExp,
  timeoutMs = 30_000,
): Promise<ChildProcess> {
  const [cmd, argv] = asServer(command, args);
  const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before it was ready:\n${output}`));
    });
  });
  // Keep draining its output so a chatty server never blocks on a full pipe.
  child.stdout!.resume();
  child.stderr!.resume();
  return child;
}

/** Stops a process we started, by its own pid, and waits for it to exit. */
export async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}
