// Baseline: the same build served by a bare sirv static server, nothing else.
import { createServer } from 'node:http';
import sirv from 'sirv';

createServer(sirv('dist/client', { dev: false, etag: true, extensions: ['html'] })).listen(
  Number(process.env.PORT),
  '127.0.0.1',
);
