/** The chat: a streamed answer from the site's pages. */
import { chatRequestSchema } from '../../../schemas/chat.ts';
import { chatFeedbackSchema } from '../../../schemas/insights.ts';
import { policyText, rateLimitPolicies } from '../../limits/policies.ts';
import { kib, postErrors, rateLimitHeaders, type Route, insightAccepted } from '../route.ts';

const chatLimit = rateLimitPolicies.chat;
const insightsLimit = rateLimitPolicies.insights;
const CHAT_BODY_LIMIT = 64 * 1024;

export const chatRoutes: Route[] = [
  {
    path: '/api/chat',
    methods: ['POST'],
    rateLimit: chatLimit,
    bodyLimit: CHAT_BODY_LIMIT,
    // Answered before Astro, the 429 included (server/chat.ts): counted first, as the route counts it.
    fastPath: 'chat-answer',
    operations: {
      post: {
        operationId: 'chat',
        tags: ['chat'],
        summary: 'Ask the site a question (streamed answer)',
        description: `Retrieval-augmented answer from the site's pages, streamed as an AI SDK UI message stream: a \`source-url\` part for every page used, then the text. ${policyText(chatLimit)} Body at most ${kib(CHAT_BODY_LIMIT)}.`,
        request: {
          schema: chatRequestSchema,
          example: {
            messages: [{ id: 'msg_1', role: 'user', parts: [{ type: 'text', text: 'Can I study Greek online?' }] }],
          },
        },
        responses: {
          200: {
            description: 'AI SDK UI message stream (Server-Sent Events)',
            headers: {
              ...rateLimitHeaders,
              'x-vercel-ai-ui-message-stream': { schema: { type: 'string', const: 'v1' }, required: true },
            },
            content: {
              'text/event-stream': {
                schema: {
                  type: 'string',
                  description: 'data: lines, each one JSON UI message chunk; ends with data: [DONE]',
                },
              },
            },
          },
          400: {
            description: 'The body is not valid JSON or not a chat request',
            codes: ['INVALID_BODY'],
            headers: rateLimitHeaders,
          },
          ...postErrors,
          503: {
            description:
              'No language model is configured, it failed before the answer started, or this server is already writing as many answers as it may (then with `Retry-After`)',
            codes: ['AI_UNAVAILABLE'],
            headers: {
              ...rateLimitHeaders,
              'Retry-After': {
                description: 'Only when the chat is busy: seconds to wait before asking again',
                required: false,
                schema: { type: 'integer', minimum: 1 },
                example: 5,
              },
            },
          },
        },
      },
    },
  },
  {
    // The thumbs under each chat answer: counts and comments for /staff/insights.
    path: '/api/chat/feedback',
    methods: ['POST'],
    rateLimit: insightsLimit,
    bodyLimit: 8 * 1024,
    operations: {
      post: {
        operationId: 'rateChatAnswer',
        tags: ['chat'],
        summary: 'Rate a chat answer (thumbs up or down, optional comment)',
        description:
          'Sent by the control under each chat answer, so editors see which answers visitors found wrong (docs/insights.md). ' +
          'The question and comment are stored with email addresses and phone numbers removed; nothing about the visitor is kept. ' +
          `With INSIGHTS=off the feedback is accepted and dropped. ${policyText(insightsLimit)}`,
        request: {
          schema: chatFeedbackSchema,
          example: {
            question: 'Can I study Greek online?',
            rating: 'down',
            comment: 'It did not mention the evening course.',
          },
        },
        responses: {
          202: insightAccepted,
          400: {
            description: 'The body is not valid JSON or not feedback',
            codes: ['INVALID_BODY'],
            headers: rateLimitHeaders,
          },
          ...postErrors,
        },
      },
    },
  },
];
