/**
 * A real PostgreSQL server for tests: initdb in a temporary directory, `postgres` on a free loopback port, no
 * system service. As root it runs as `nobody` (PostgreSQL refuses root). Stop it with stop(); restart() brings the
 * same cluster back on the same port, for recovery tests.
 * @example const pg = await startPostgres(); const url = await pg.createDatabase();
 */
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { freePort, postgresBin, runAsServer, serverDir, spawnUntil, stopChild, unavailable } from './real-servers.ts';

export interface RunningPostgres {
  port: number;
  /** URL of the `postgres` database (superuser, no password: trust on loopback only). */
  url: string;
  /** Creates a new empty database and returns its URL. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

/** Undefined when PostgreSQL can run here; else the reason to skip (throws in CI). */
export const postgresUnavailable = () =>
  unavailable('PostgreSQL (initdb, postgres)', postgresBin() && join(postgresBin()!, 'postgres'));

let databases = 0;

export async function startPostgres(): Promise<RunningPostgres> {
  const bin = postgresBin()!;
  const dir = serverDir('pg-test-');
  const data = join(dir, 'data');
  runAsServer(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  const port = await freePort();
  const args = [
    '-D',
    data,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${dir}`,
    '-c',
    'max_connections=200',
    '-c',
    'shared_buffers=32MB',
  ];
  const start = () => spawnUntil(join(bin, 'postgres'), args, /database system is ready to accept connections/);
  let child: ChildProcess | undefined = await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  return {
    port,
    url,
    async createDatabase() {
      const name = `test_${process.pid}_${++databases}`;
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    // SIGINT is PostgreSQL's "fast shutdown": clients are disconnected, the cluster stays consistent.
    async stop() {
      await stopChild(child, 'SIGINT');
      child = undefined;
    },
    async restart() {
      await stopChild(child, 'SIGINT');
      child = await start();
    },
  };
}
