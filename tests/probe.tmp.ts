import { request } from 'node:http';
import { startServer } from '/work/wt/body/tests/helpers/server.ts';
const s = await startServer();
const methods = ['GET','HEAD','POST','PUT','PATCH','DELETE','OPTIONS','TRACE','FOO','CONNECT','PROPFIND'];
const paths = ['/', '/about/', '/api/health', '/api/search', '/api/chat', '/api/unknown', '/api/auth/session', '/mcp', '/openapi.json', '/.well-known/api-catalog', '/staff/', '/api/%E0%A4%A', '/%E0%A4%A'];
for (const p of paths) for (const m of methods) {
  const r = await new Promise<string>((resolve) => {
    const req = request({ host: '127.0.0.1', port: s.port, method: m, path: p }, (res) => {
      let b = ''; res.on('data', (d) => b += d); res.on('end', () => resolve(`${res.statusCode} ${res.headers['content-type']} allow=${res.headers.allow ?? ''} ${b.slice(0, 60).replace(/\n/g,' ')}`));
    });
    req.on('error', (e) => resolve('ERR ' + e.message));
    req.end();
  });
  console.log(m.padEnd(8), p.padEnd(26), r);
}
await s.stop();
