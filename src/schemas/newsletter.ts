/** Bodies and answers of the newsletter link routes (confirm, one-click unsubscribe). */
import { z } from 'zod';

const token = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'must be the token from the email link, unchanged')
  .describe('The signed token from the link in the email (the `token` query parameter of the link)');

export const confirmRequestSchema = z.strictObject({ token }).describe('Confirm a newsletter subscription');
export const confirmedSchema = z.object({ status: z.literal('confirmed') }).describe('Subscription confirmed');
export const unsubscribeQuerySchema = z.object({ token });
export const unsubscribedSchema = z.object({ status: z.literal('unsubscribed') }).describe('Unsubscribed');
