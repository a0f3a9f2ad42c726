// Baseline: the same build served by @astrojs/node's own standalone server (what a user gets by default).
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

process.env.ASTRO_NODE_LOGGING = 'disabled';
const { startServer } = await import(pathToFileURL(resolve('dist/server/entry.mjs')).href);
startServer();
