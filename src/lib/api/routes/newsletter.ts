/** The links in the newsletter's emails: confirm (double opt-in) and unsubscribe (RFC 8058). */
import {
  confirmRequestSchema,
  confirmedSchema,
  unsubscribeQuerySchema,
  unsubscribedSchema,
} from '../../../schemas/newsletter.ts';
import { policyText, rateLimitPolicies } from '../../limits/policies.ts';
import { CONFIRM_WINDOW_HOURS, UNSUBSCRIBED_DELETED_WITHIN_DAYS } from '../../mail/promises.ts';
import { postErrors, rateLimitHeaders, retryAfter, type Route } from '../route.ts';

const newsletterLinkLimit = rateLimitPolicies['newsletter-link'];
const LINK_BODY_LIMIT = 2048;

export const newsletterRoutes: Route[] = [
  {
    path: '/api/newsletter/confirm',
    methods: ['POST'],
    rateLimit: newsletterLinkLimit,
    bodyLimit: LINK_BODY_LIMIT,
    fastPath: 'early-429',
    operations: {
      post: {
        operationId: 'confirmNewsletterSubscription',
        tags: ['forms'],
        summary: 'Confirm a newsletter subscription (double opt-in)',
        description:
          'What the confirmation link in the email does (the link opens /newsletter/confirm/, which calls the same code): ' +
          `a pending address becomes a confirmed subscriber. The token expires after ${CONFIRM_WINDOW_HOURS} hours and works once. ${policyText(newsletterLinkLimit)}`,
        request: {
          schema: confirmRequestSchema,
          example: {
            token:
              'eyJwIjoiY29uZmlybSIsInMiOiJzdWJfNmZRazFuIiwiZSI6MTc5NTM0NjkxMzIzOH0.qZ3v0Xc9kF1mT8bWn2yLr5HsJ4aP7dUe6oGiN0tVxQc',
          },
        },
        responses: {
          200: {
            description: 'Confirmed',
            headers: rateLimitHeaders,
            schema: confirmedSchema,
            example: { status: 'confirmed' },
          },
          400: {
            description: 'The token was changed, has expired or was used already; or the body is invalid',
            codes: ['INVALID_TOKEN', 'INVALID_BODY'],
            headers: rateLimitHeaders,
          },
          ...postErrors,
          503: {
            description: 'The store is unavailable; nothing changed',
            codes: ['STORAGE_UNAVAILABLE'],
            headers: { ...rateLimitHeaders, ...retryAfter },
          },
        },
      },
    },
  },
  {
    path: '/api/newsletter/unsubscribe',
    methods: ['GET', 'HEAD', 'POST'],
    rateLimit: newsletterLinkLimit,
    bodyLimit: LINK_BODY_LIMIT,
    operations: {
      get: {
        operationId: 'openUnsubscribePage',
        tags: ['forms'],
        summary: 'The List-Unsubscribe link opened in a browser',
        description:
          'Every email to a subscriber names this URL in `List-Unsubscribe`. Opened in a browser, it redirects to the ' +
          'unsubscribe page, which has one button; nothing changes until it is pressed.',
        query: unsubscribeQuerySchema,
        responses: {
          303: {
            description: 'To /newsletter/unsubscribe/ with the same token',
            headers: {
              Location: { required: true, schema: { type: 'string' }, example: '/newsletter/unsubscribe/?token=eyJ…' },
            },
          },
        },
      },
      post: {
        operationId: 'unsubscribeFromNewsletter',
        tags: ['forms'],
        summary: 'One-click unsubscribe (RFC 8058)',
        description:
          'What a mail provider sends for `List-Unsubscribe-Post: List-Unsubscribe=One-Click`: the body ' +
          '`List-Unsubscribe=One-Click` (form-encoded or multipart), the token in the query, no cookie. Unsubscribes at once; ' +
          `the address is deleted within ${UNSUBSCRIBED_DELETED_WITHIN_DAYS} days. The unsubscribe page's button sends the same request. ${policyText(newsletterLinkLimit)}`,
        query: unsubscribeQuerySchema,
        request: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['List-Unsubscribe'],
                properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } },
              },
              example: { 'List-Unsubscribe': 'One-Click' },
            },
          },
        },
        responses: {
          200: {
            description: 'Unsubscribed',
            headers: rateLimitHeaders,
            schema: unsubscribedSchema,
            example: { status: 'unsubscribed' },
          },
          303: {
            description: "Only for a browser's form post (`Sec-Fetch-Mode: navigate`): to the page saying it is done",
            headers: rateLimitHeaders,
          },
          400: {
            description: 'The token was changed or was used already, or the body is not `List-Unsubscribe=One-Click`',
            codes: ['INVALID_TOKEN', 'INVALID_BODY'],
            headers: rateLimitHeaders,
          },
          ...postErrors,
          415: {
            description: 'The body is not form-encoded (`application/x-www-form-urlencoded` or `multipart/form-data`)',
            codes: ['UNSUPPORTED_MEDIA_TYPE'],
            headers: rateLimitHeaders,
          },
          503: {
            description: 'The store is unavailable; nothing changed',
            codes: ['STORAGE_UNAVAILABLE'],
            headers: { ...rateLimitHeaders, ...retryAfter },
          },
        },
      },
    },
  },
];
