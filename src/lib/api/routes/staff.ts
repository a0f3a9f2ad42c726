/** Staff sign-in (Auth.js): not an API for third parties, but described so nobody mistakes it for one. */
import type { Answer, ErrorAnswer, Route } from '../route.ts';

const authNotConfigured: ErrorAnswer = {
  description: 'No staff identity provider is configured on this server, or no such action',
  codes: ['NOT_FOUND'],
};
const redirect: Answer = { description: 'Redirect to the identity provider or back to the site' };

export const staffRoutes: Route[] = [
  {
    // Auth.js's forms: a CSRF token and a callback URL.
    path: '/api/auth/{action}',
    methods: ['GET', 'POST'],
    bodyLimit: 8 * 1024,
    parameters: [
      {
        name: 'action',
        in: 'path',
        required: true,
        schema: { type: 'string' },
        description:
          'Auth.js action, one or more path segments: session, csrf, providers, signin/{provider}, callback/{provider}, signout',
        example: 'session',
      },
    ],
    operations: {
      get: {
        operationId: 'staffAuthGet',
        tags: ['auth'],
        summary: 'Staff sign-in handler (GET actions)',
        description:
          'Auth.js for staff of the institute, with its external identity provider. Not an OAuth API for third parties: see /auth.md.',
        responses: {
          200: {
            description: "The handler's answer (JSON for session, csrf and providers)",
            content: { 'application/json': { schema: {} }, 'text/html': { schema: { type: 'string' } } },
          },
          302: redirect,
          404: authNotConfigured,
        },
      },
      post: {
        operationId: 'staffAuthPost',
        tags: ['auth'],
        summary: 'Staff sign-in handler (POST actions: sign-in, sign-out)',
        description: 'Form posts carrying the Auth.js CSRF token. Not an OAuth API for third parties: see /auth.md.',
        request: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: { csrfToken: { type: 'string' }, callbackUrl: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          200: { description: "The handler's answer", content: { 'application/json': { schema: {} } } },
          302: redirect,
          400: {
            description: 'Auth.js refused the request (e.g. a session update without its CSRF token)',
            codes: ['INVALID_BODY'],
          },
          404: authNotConfigured,
        },
      },
    },
  },
];
