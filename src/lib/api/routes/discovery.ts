/** The API's entry points for machines: the RFC 9727 catalog, the 404 of unknown paths, and the JSON documents outside the API. */
import { apiCatalogSchema } from '../../../schemas/discovery.ts';
import { GET_HEAD, type Route } from '../route.ts';

export const apiCatalogRoutes: Route[] = [
  {
    path: '/.well-known/api-catalog',
    methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'getApiCatalog',
        tags: ['discovery'],
        summary: 'API catalog (RFC 9727)',
        description:
          'The machine-readable entry point: where this OpenAPI document, the developer guide and the health probe are, as absolute URLs.',
        responses: {
          200: {
            description: 'An RFC 9264 linkset pointing to this document, the developer guide and the health probe',
            schema: apiCatalogSchema,
            mediaType: 'application/linkset+json',
          },
        },
      },
      head: {
        operationId: 'headApiCatalog',
        tags: ['discovery'],
        summary: 'Where the API catalog is',
        description:
          'RFC 9727 section 3: the catalog\'s own URL in a `Link` header with `rel="api-catalog"`, without a body.',
        responses: {
          200: {
            description: 'No body; `Link` names the catalog',
            headers: {
              Link: {
                required: true,
                schema: { type: 'string' },
                example: '<https://northgate.example/.well-known/api-catalog>; rel="api-catalog"',
              },
            },
          },
        },
      },
    },
  },
];

/** Last in the API: every path no route serves. */
export const unknownApiRoutes: Route[] = [
  {
    path: '/api/{unknown}',
    methods: [],
    operations: {
      get: {
        operationId: 'unknownApiPath',
        tags: ['discovery'],
        summary: 'Any path no route serves (every method)',
        description:
          'Not a route to call: it documents that every other path under /api/, with any method, answers `404 NOT_FOUND` as an `ApiError` whose resolution points to this document.',
        parameters: [
          {
            name: 'unknown',
            in: 'path',
            required: true,
            schema: { type: 'string' },
            description: 'Any unadvertised path under /api/',
            example: 'nope',
          },
        ],
        responses: { 404: { description: 'No such API route; the resolution points here', codes: ['NOT_FOUND'] } },
      },
    },
  },
];

/** The discovery documents outside the API: JSON on every error too, never HTML. */
export const discoveryDocuments: Route[] = [
  { path: '/openapi.json', methods: GET_HEAD },
  { path: '/auth.md', methods: GET_HEAD },
  { path: '/.well-known/ai-catalog.json', methods: GET_HEAD },
  { path: '/.well-known/mcp/server-card.json', methods: GET_HEAD },
  { path: '/.well-known/oauth-protected-resource', methods: GET_HEAD },
  { path: '/.well-known/oauth-authorization-server', methods: GET_HEAD },
  { path: '/.well-known/openid-configuration', methods: GET_HEAD },
  { path: '/.well-known/{document}', methods: [] },
];
