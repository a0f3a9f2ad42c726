/**
 * The Gemini stand-in as a process of its own, on PORT: the chat benchmark's model. A real model runs on other
 * machines; in the benchmark's own process it would share an event loop with the load generator, and the time
 * it waits for that loop would be counted as time our server adds.
 */
import { startGeminiStandIn } from '../tests/helpers/gemini-stand-in.ts';

await startGeminiStandIn({ words: ['Yes, ', 'Biblical Greek I ', 'is taught ', 'online.'] }, Number(process.env.PORT));
