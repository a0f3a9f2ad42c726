/** The liveness probe. (/readyz and /metrics are the operators' endpoints of server/operations.ts, outside the API.) */
import { healthSchema } from '../../../schemas/health.ts';
import { GET_HEAD, type Route } from '../route.ts';

export const healthRoutes: Route[] = [
  {
    path: '/api/health',
    methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Liveness probe',
        description: 'Answers while the server process runs; it does not check the store or the language model.',
        responses: { 200: { description: 'The server is up', schema: healthSchema, example: { status: 'ok' } } },
      },
    },
  },
];
