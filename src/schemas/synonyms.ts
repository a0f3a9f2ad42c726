import { z } from 'zod';

/**
 * src/content/search-synonyms.json: what visitors type (abbreviations, other spellings, everyday words) and the
 * words the site uses for it. Editors own the file; the search applies it at query time (query-rewrite.ts).
 * Matching ignores case and dots ("M.Div." is "mdiv").
 */
export const synonymSchema = z
  .object({
    typed: z
      .array(z.string().trim().min(1).max(60))
      .min(1)
      .describe('Words or phrases visitors type, e.g. ["MDiv", "M.Div."]'),
    means: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .describe('What the site calls it, searched instead, e.g. "Master of Divinity"'),
  })
  .strict();

export const synonymsFileSchema = z
  .object({
    $comment: z.string().optional(),
    synonyms: z.array(synonymSchema),
  })
  .strict();
