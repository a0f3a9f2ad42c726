/**
 * Foundation benchmarks: a prerendered course page through our server vs a bare static server, and the health
 * probe through our server vs @astrojs/node's standalone server, with a bare node:http handler as the ceiling.
 */
import { fmt, load, ratio, startProcess } from './lib.ts';

export async function run() {
  const ours = await startProcess('server/index.ts', {}, '/api/health');
  const sirv = await startProcess('bench/baselines/static-server.ts');
  const standalone = await startProcess('bench/baselines/standalone.ts', {}, '/api/health');
  const bare = await startProcess('bench/baselines/bare-http.ts');
  try {
    const page = '/courses/bib201/';
    const oursPage = await load(ours.url + page);
    const sirvPage = await load(sirv.url + page);
    console.log(`\nstatic page ${page}`);
    console.log(`  bare sirv          ${fmt(sirvPage)}`);
    console.log(`  our server         ${fmt(oursPage)}   = ${ratio(oursPage, sirvPage)} of bare sirv (goal ≥ 85%)`);

    const oursHealth = await load(ours.url + '/api/health');
    const standaloneHealth = await load(standalone.url + '/api/health');
    const bareHealth = await load(bare.url + '/');
    console.log('\nGET /api/health');
    console.log(`  bare node:http     ${fmt(bareHealth)}`);
    console.log(`  astro standalone   ${fmt(standaloneHealth)}   = ${ratio(standaloneHealth, bareHealth)} of ceiling`);
    console.log(`  our server         ${fmt(oursHealth)}   = ${ratio(oursHealth, standaloneHealth)} of standalone (goal ≥ 100%), ${ratio(oursHealth, bareHealth)} of ceiling`);
  } finally {
    await Promise.all([ours.stop(), sirv.stop(), standalone.stop(), bare.stop()]);
  }
}
