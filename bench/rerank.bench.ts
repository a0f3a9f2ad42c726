/**
 * The second ranking's cost (`npm run bench -- rerank`): what the HTTP thread spends when the search ranks its first
 * POOL results again (src/lib/search/index.ts, rankedAgain) and the chat the pages it read, both by the fitted model of
 * src/lib/chat/page-ranker.ts, which reads each page's passages. Per query: POOL Markdown twins of the build, either
 * each new to the cache of pages read (a miss, as on a search never asked before) or read before, and a new question.
 * It does not grow with the site: POOL pages are read whatever its size. Baseline: splitting the same twins into their
 * words (query-rewrite.ts, words), which is how the pages were read before they were searched in place. The model
 * reads the questions the build's pages say they answer (page-questions.json) and how near in meaning they are (the
 * search's meaning of a text): the pages read before are at addresses with questions, whose meanings are computed
 * once. A follow-up's model reads the same pages for the follow-up, the conversation and the question followed.
 * Retrieval also looks for the page whose own questions a first question is likest (retrieve.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { askedBeforeOnce, pageQuestionsOf } from '../src/lib/chat/asked-before.ts';
import { POOL, rankForChat } from '../src/lib/chat/page-ranker.ts';
import { searchForChat } from '../src/lib/search/index.ts';
import { words } from '../src/lib/search/query-rewrite.ts';
import { vocabularyOf } from '../src/lib/search/vocabulary.ts';
import { CannotRun, figure } from './report.ts';

const CLIENT = 'dist/client';
const QUERIES = 2_000;
const QUESTIONS = [
  'jobs after graduating',
  'what ielts score do i need',
  'christian views on war and money',
  'can i take just one course',
  'leave money in my will',
];

export async function run() {
  const vocabulary = vocabularyOf(join(CLIENT, 'pagefind'));
  if (!vocabulary) throw new CannotRun('no build with a search vocabulary (npm run build)');
  const pageQuestions = pageQuestionsOf(join(CLIENT, 'pagefind'));
  if (!pageQuestions) throw new CannotRun("no build with the pages' questions (npm run build)");
  const twins = ['courses', 'handbook', 'programs'].flatMap((dir) =>
    readdirSync(join(CLIENT, dir))
      .filter((f) => f.endsWith('.md'))
      .map((f) => readFileSync(join(CLIENT, dir, f), 'utf8')),
  );
  // A query's pages; the number at the end makes each twin (and question) new to every cache.
  const pagesFor = (i: number) =>
    Array.from({ length: POOL }, (_, k) => ({ url: `/p/${i}/${k}/`, twin: `${twins[(i + k) % twins.length]}\n${i}` }));
  const questionFor = (i: number) => `${QUESTIONS[i % QUESTIONS.length]} ${i}`;
  const { meaning } = searchForChat();
  const urls = Object.keys(pageQuestions);
  /** The POOL pages read before: the same twins every time, at addresses with questions of their own. */
  const readBefore = () => pagesFor(0).map((p, k) => ({ ...p, url: urls[k % urls.length]!, twin: `${twins[k]}\n0` }));

  const ranking = cpuPerQuery((i) => rankForChat(questionFor(i), pagesFor(i), vocabulary, { pageQuestions, meaning }));
  const cached = cpuPerQuery((i) => rankForChat(questionFor(i), readBefore(), vocabulary, { pageQuestions, meaning }));
  const split = cpuPerQuery((i) => pagesFor(i).map((p) => new Set(words(p.twin))));
  const likest = cpuPerQuery((i) => askedBeforeOnce(pageQuestions).likest(questionFor(i)));
  const followUp = cpuPerQuery((i) =>
    rankForChat('which one is for beginners?', readBefore(), vocabulary, {
      previous: questionFor(i),
      pageQuestions,
      meaning,
    }),
  );

  const chars = Math.round(twins.reduce((sum, t) => sum + t.length, 0) / twins.length);
  console.log(`\nthe first ${POOL} results ranked again, ${QUERIES} queries, twins of ${chars} characters on average`);
  console.log(`  pages new to the cache           CPU ${ranking.toFixed(3)} ms per query`);
  console.log(`  pages read before                CPU ${cached.toFixed(3)} ms per query`);
  console.log(`  splitting the pages (baseline)   CPU ${split.toFixed(3)} ms per query`);
  console.log(`  the likest page by its questions CPU ${likest.toFixed(3)} ms per question`);
  console.log(`  a follow-up, pages read before   CPU ${followUp.toFixed(3)} ms per question`);
  figure(`rerank of ${POOL} pages, CPU per query`, ranking, 'ms', {
    name: `splitting ${POOL} twins into words`,
    value: split,
  });
  figure(`rerank of ${POOL} cached pages, CPU per query`, cached, 'ms', {
    name: `splitting ${POOL} twins into words`,
    value: split,
  });
  figure('the page whose own questions a question is likest, CPU per question', likest, 'ms', {
    name: `rerank of ${POOL} cached pages`,
    value: cached,
  });
  figure(`rerank of ${POOL} cached pages for a follow-up, CPU per question`, followUp, 'ms', {
    name: 'the same for a first question',
    value: cached,
  });
}

/** CPU milliseconds of this thread per query, after a warm-up of 200. */
function cpuPerQuery(once: (i: number) => unknown): number {
  for (let i = 0; i < 200; i++) once(QUERIES + i);
  const started = process.threadCpuUsage();
  for (let i = 0; i < QUERIES; i++) once(i);
  const used = process.threadCpuUsage(started);
  return (used.user + used.system) / 1000 / QUERIES;
}
