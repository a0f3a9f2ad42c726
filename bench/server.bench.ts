/**
 * Foundation benchmarks: a prerendered course page through our server vs a bare static server, and the health
 * probe through our server vs @astrojs/node's standalone server, with a bare node:http handler as the ceiling; and
 * what a refusal costs: one client over its rate limit (every answer the limiter's 429) against /api/health on the
 * same server (rate limits on, counters in memory).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, load, ratio, startProcess } from './lib.ts';

export async function run() {
  const ours = await startProcess(
    'server/index.ts',
    { DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-server-')) },
    '/api/health',
  );
  const sirv = await startProcess('bench/baselines/static-server.ts');
  const standalone = await startProcess('bench/baselines/standalone.ts', {}, '/api/health');
  const bare = await startProcess('bench/baselines/bare-http.ts');
  try {
    const page = '/courses/bib201/';
    const oursPage = await load(ours.url + page);
    const sirvPage = await load(sirv.url + page);
    console.log(`\nstatic page ${page}`);
    console.log(`  bare sirv          ${fmt(sirvPage)}`);
    console.log(
      `  our server         ${fmt(oursPage)}   = ${ratio(oursPage, sirvPage, 'static page', 'bare sirv')} of bare sirv (goal ≥ 85%)`,
    );

    const oursHealth = await load(ours.url + '/api/health');
    const standaloneHealth = await load(standalone.url + '/api/health');
    const bareHealth = await load(bare.url + '/');
    console.log('\nGET /api/health');
    console.log(`  bare node:http     ${fmt(bareHealth)}`);
    console.log(
      `  astro standalone   ${fmt(standaloneHealth)}   = ${ratio(standaloneHealth, bareHealth, 'astro standalone /api/health', 'bare node:http')} of ceiling`,
    );
    console.log(
      `  our server         ${fmt(oursHealth)}   = ${ratio(oursHealth, standaloneHealth, '/api/health', 'astro standalone')} of standalone (goal ≥ 100%), ${ratio(oursHealth, bareHealth, '/api/health', 'bare node:http')} of ceiling`,
    );

    // The warm-up uses up the client's window (20 chats, 3 signups): every measured answer is a 429 (the chat's from
    // its own fast path, which counts every request; the signup's from the early 429).
    const post = { method: 'POST' as const, headers: { 'Content-Type': 'application/json' } };
    const chatRefused = await load(ours.url + '/api/chat', {
      ...post,
      body: JSON.stringify({
        messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Greek online?' }] }],
      }),
    });
    const signupRefused = await load(ours.url + '/api/email-marketing-signup', {
      ...post,
      body: JSON.stringify({ email: 'ada@example.org' }),
    });
    const healthAgain = await load(ours.url + '/api/health');
    console.log('\nOne client over its rate limit: every answer a 429 RATE_LIMITED (counters in memory)');
    console.log(`  GET /api/health              ${fmt(healthAgain)}`);
    console.log(
      `  POST /api/chat, 429          ${fmt(chatRefused)}   = ${ratio(chatRefused, healthAgain, 'chat 429 (chat fast path)', '/api/health')} of health (goal ≥ 100%)`,
    );
    console.log(
      `  POST /api/email-…-signup 429 ${fmt(signupRefused)}   = ${ratio(signupRefused, healthAgain, 'signup 429 (early)', '/api/health')} of health`,
    );
  } finally {
    await Promise.all([ours.stop(), sirv.stop(), standalone.stop(), bare.stop()]);
  }
}
