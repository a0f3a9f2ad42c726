import { search } from '../src/lib/search/index.ts';
for (const q of process.argv.slice(2)) console.log(q, '->', (await search({ q, limit: 4 })).results.map((r) => r.url).join(' '));
process.exit(0);
