import { z } from 'zod';

/** src/content/chat-starters.json: the questions the empty chat panel offers; editors keep them. */
export const chatStartersFileSchema = z
  .object({
    $comment: z.string().optional(),
    questions: z
      .array(z.string().trim().min(5).max(120).describe('A short question the site answers, e.g. "How do I apply?"'))
      .min(1)
      .max(6)
      .describe('Offered in this order'),
  })
  .strict();
