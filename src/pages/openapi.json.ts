import type { APIRoute } from 'astro';
import { methodNotAllowed } from '../lib/http/method-guard.ts';
import { openApiDocument } from '../lib/discovery/openapi.ts';
import { discoveryJson } from '../lib/discovery/respond.ts';

export const prerender = false;

/** The OpenAPI 3.1 description of the API, generated from the zod schemas the routes validate with. */
export const GET = (() => discoveryJson(openApiDocument(), 'application/vnd.oai.openapi+json;version=3.1; charset=utf-8')) satisfies APIRoute;
// Astro sends HEAD to ALL when a route has no HEAD of its own; the node server drops the body.
export const HEAD = GET;
export const ALL = methodNotAllowed(['GET']);
