import { z } from 'zod';
import { synonymSchema } from './synonyms.ts';

/**
 * src/content/field-vocabulary.json: the field's own language, for the search and the chat (query-rewrite.ts).
 * `terms`: abbreviations and terms of the field (OT, NT, koine), each with what the site calls it, like a synonym.
 * `books`: the books of the Bible, with their usual abbreviations; a reference ("Rom 8", "1 Cor 13", "Jn 3:16")
 * is read as the book, and the book reaches the courses that read it through `readIn` (words of those courses'
 * titles or pages). A numbered book ("1 Corinthians") is matched written 1, I, 1st or First.
 */
export const bibleBookSchema = z
  .object({
    name: z.string().trim().min(1).max(40).describe('The book\'s name, e.g. "1 Corinthians"'),
    abbreviations: z.array(z.string().trim().min(1).max(20)).describe('Usual abbreviations, e.g. ["1 Cor", "1 Co"]'),
    readIn: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .describe('Words that find the courses reading it, e.g. "Paul\'s Letters"'),
  })
  .strict();

export const fieldVocabularyFileSchema = z
  .object({
    $comment: z.string().optional(),
    terms: z.array(synonymSchema),
    books: z.array(bibleBookSchema),
  })
  .strict();
