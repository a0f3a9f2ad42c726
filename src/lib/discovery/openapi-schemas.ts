/**
 * The zod schemas of src/schemas/ as OpenAPI 3.1 components (JSON Schema 2020-12, zod 4's own converter).
 * Requests are converted as the routes parse them (`io: 'input'`), answers as the routes produce them
 * (`io: 'output'`). Nothing here restates a field: a change to a schema changes /openapi.json.
 */
import { z } from 'zod';
import { apiErrorSchema } from '../../schemas/api-error.ts';
import { chatRequestSchema } from '../../schemas/chat.ts';
import {
  apiCourseSchema,
  coursesResponseSchema,
  eventsResponseSchema,
  termsResponseSchema,
} from '../../schemas/catalog-api.ts';
import { apiCatalogSchema } from '../../schemas/discovery.ts';
import {
  challengeRequiredSchema,
  challengeSiteKeySchema,
  registrationAcceptedSchema,
  registrationSchema,
  signupAcceptedSchema,
  signupSchema,
} from '../../schemas/forms.ts';
import { healthSchema } from '../../schemas/health.ts';
import { confirmRequestSchema, confirmedSchema, unsubscribedSchema } from '../../schemas/newsletter.ts';
import { searchResponseSchema } from '../../schemas/search.ts';
import { acceptedSchema, chatFeedbackSchema, searchClickSchema } from '../../schemas/insights.ts';

type JsonSchema = Record<string, unknown>;

const requests = {
  SignupRequest: signupSchema,
  RegistrationRequest: registrationSchema,
  ChatRequest: chatRequestSchema,
  ConfirmRequest: confirmRequestSchema,
  SearchClick: searchClickSchema,
  ChatFeedback: chatFeedbackSchema,
};
const answers = {
  ApiError: apiErrorSchema,
  HealthStatus: healthSchema,
  SearchResponse: searchResponseSchema,
  SignupAccepted: signupAcceptedSchema,
  RegistrationAccepted: registrationAcceptedSchema,
  SubscriptionConfirmed: confirmedSchema,
  InsightAccepted: acceptedSchema,
  Unsubscribed: unsubscribedSchema,
  ChallengeSiteKey: challengeSiteKeySchema,
  ChallengeRequired: challengeRequiredSchema,
  ApiCatalog: apiCatalogSchema,
  Course: apiCourseSchema,
  CoursesResponse: coursesResponseSchema,
  TermsResponse: termsResponseSchema,
  EventsResponse: eventsResponseSchema,
};
export type ComponentName = keyof typeof requests | keyof typeof answers;

/** `#/components/schemas/<name>` */
export const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });

const names = new Map<z.ZodType, ComponentName>(
  Object.entries({ ...requests, ...answers }).map(([name, schema]) => [schema, name as ComponentName]),
);

/** The reference to a schema of the route table; every schema a route names must have a component name here. */
export function refOf(schema: z.ZodType): { $ref: string } {
  const name = names.get(schema);
  if (!name)
    throw new Error(`no component name for a schema of the route table: ${schema.description ?? 'undescribed'}`);
  return ref(name);
}

/** Every named schema, converted once per process. */
export function componentSchemas(): Record<ComponentName, JsonSchema> {
  return { ...convert(requests, 'input'), ...convert(answers, 'output') } as Record<ComponentName, JsonSchema>;
}

/**
 * A pattern every engine reads alike: RE2-family engines (Go, many validators) have no `\uXXXX` escape and
 * JavaScript without `u` has no `\x{…}`, so a `\uXXXX` above \xff (RegExp.source writes U+2028 and U+2029 that way)
 * becomes the character itself. The patterns name no surrogates (src/schemas/forms.ts).
 */
export const portablePattern = (pattern: string) =>
  pattern.replace(/\\u([0-9a-fA-F]{4})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const override = ({ jsonSchema }: { jsonSchema: { pattern?: string } }) => {
  if (typeof jsonSchema.pattern === 'string') jsonSchema.pattern = portablePattern(jsonSchema.pattern);
};

/** One schema on its own (a query or header parameter), without the document-level keywords. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  return strip(z.toJSONSchema(schema, { target: 'draft-2020-12', io, override }) as JsonSchema);
}

function convert(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: out } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    override,
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(Object.entries(out).map(([id, s]) => [id, strip(s as JsonSchema)]));
}

/** `$schema` and `$id` belong to stand-alone documents; inside OpenAPI the document's dialect applies. */
function strip({ $schema: _s, $id: _i, ...rest }: JsonSchema): JsonSchema {
  return rest;
}
