import { z } from 'zod';

/** Contract limits of POST /api/chat. */
export const CHAT_MAX_MESSAGES = 40;
export const CHAT_MAX_USER_TEXT = 4000;

const textPart = z
  .object({
    type: z.literal('text'),
    text: z.string().describe('The text, e.g. "Can I take Greek online?"'),
    state: z.enum(['streaming', 'done']).optional(),
    providerMetadata: z.unknown().optional(),
  })
  .describe('Text of a message');

// Parts the AI SDK's own clients put into assistant messages they send back. They are accepted so an unchanged
// `useChat` client works, and ignored: only text reaches the model.
const ignoredPart = z
  .object({
    type: z.enum(['step-start', 'reasoning', 'source-url', 'source-document']),
  })
  .loose()
  .describe('A part the server ignores (step boundaries, reasoning, sources)');

const uiMessage = z
  .object({
    id: z.string().max(200).describe('Client-chosen message id, e.g. "msg_1"'),
    role: z.enum(['user', 'assistant']).describe('Who wrote it; system messages are not accepted'),
    parts: z.array(z.discriminatedUnion('type', [textPart, ignoredPart])).max(100),
    metadata: z.unknown().optional(),
  })
  .superRefine((message, ctx) => {
    if (message.role !== 'user') return;
    const length = messageText(message).length;
    if (length > CHAT_MAX_USER_TEXT) {
      ctx.addIssue({
        code: 'custom',
        path: ['parts'],
        message: `A message may have at most ${CHAT_MAX_USER_TEXT} characters of text (this one has ${length})`,
      });
    }
    if (length === 0 || messageText(message).trim() === '')
      ctx.addIssue({ code: 'custom', path: ['parts'], message: 'A user message needs some text' });
  })
  .describe('UIMessage of the AI SDK: an id, a role and its parts');

/** The AI SDK chat request (what `DefaultChatTransport` sends). */
export const chatRequestSchema = z
  .strictObject({
    id: z.string().max(200).optional().describe('Chat id chosen by the client'),
    messages: z
      .array(uiMessage)
      .min(1)
      .max(CHAT_MAX_MESSAGES)
      .refine((messages) => messages.at(-1)?.role === 'user', {
        message: "The last message must be the user's question",
      })
      .describe(`The conversation so far, oldest first, ending with the user's question (1–${CHAT_MAX_MESSAGES})`),
    trigger: z.enum(['submit-message', 'regenerate-message']).optional().describe('Why the client sent it'),
    messageId: z.string().max(200).optional().describe('Message to regenerate, with trigger "regenerate-message"'),
  })
  .describe('Chat request: the conversation, ending with the question to answer');

export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** All text of a message, parts joined. */
export function messageText(message: { parts: readonly { type: string; text?: unknown }[] }): string {
  return message.parts.map((p) => (p.type === 'text' && typeof p.text === 'string' ? p.text : '')).join('');
}
