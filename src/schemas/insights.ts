/** Bodies of the insights routes: a click on a search result, feedback on a chat answer (docs/insights.md). */
import { z } from 'zod';

export const searchClickSchema = z
  .strictObject({
    query: z
      .string()
      .trim()
      .min(1, 'Must not be blank')
      .max(256, 'At most 256 characters')
      .describe('The search as typed, the `q` of the results shown'),
    rank: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .describe('Position of the clicked result in the list, 1 for the first (counting earlier pages)'),
  })
  .describe('A click on a search result');

export const chatFeedbackSchema = z
  .strictObject({
    question: z
      .string()
      .trim()
      .min(1, 'Must not be blank')
      .max(4000, 'At most 4000 characters')
      .describe('The question the rated answer replied to'),
    rating: z.enum(['up', 'down']).describe('Thumbs up (helpful) or down (wrong or unhelpful)'),
    comment: z
      .string()
      .trim()
      .max(1000, 'At most 1000 characters')
      .optional()
      .describe("What was wrong or missing, in the visitor's words"),
  })
  .describe('Feedback on one chat answer');

export const acceptedSchema = z
  .object({ status: z.literal('accepted') })
  .describe('Counted in memory; written to the store within seconds, with email addresses and phone numbers removed');
