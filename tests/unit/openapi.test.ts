import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { getConfig } from '../../src/lib/config.ts';
import { openApiDocument } from '../../src/lib/discovery/openapi.ts';
import { portablePattern } from '../../src/lib/discovery/openapi-schemas.ts';
import { errorCodes } from '../../src/schemas/api-error.ts';
import { signupSchema } from '../../src/schemas/forms.ts';
import { validateAt } from '../helpers/openapi.ts';
import packageJson from '../../package.json' with { type: 'json' };

// A walk through an arbitrary JSON document (the OpenAPI output), dozens of property reads deep: the one place
// where `any` is the honest type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Json = Record<string, any>;
const doc = openApiDocument('https://northgate.example') as Json;
const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];
const operations = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
  Object.entries<Json>(item)
    .filter(([m]) => METHODS.includes(m))
    .map(([method, op]) => ({ path, method, op })),
);

describe('/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("says 3.1.0, the package's version, one server: the current origin", () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(packageJson.version);
    expect(doc.servers).toEqual([{ url: '/' }]);
  });

  it('has absolute links from the origin it is given, the contact address, a license, and no auth on any operation', () => {
    expect(doc.externalDocs.url).toBe('https://northgate.example/developers');
    expect(doc.info.contact).toMatchObject({
      email: getConfig().CONTACT_EMAIL,
      url: 'https://northgate.example/developers',
    });
    expect(doc.info.license).toEqual({
      name: 'Proprietary: all rights reserved',
      url: 'https://northgate.example/developers#terms',
    });
    expect(operations.filter((o) => !Array.isArray(o.op.security) || o.op.security.length > 0)).toEqual([]);
    expect(doc.components.securitySchemes).toBeUndefined();
  });

  it("describes every route of the specification's endpoint table", () => {
    const table = [
      'get /.well-known/api-catalog',
      'head /.well-known/api-catalog',
      'get /api/health',
      'get /api/search',
      'post /api/chat',
      'post /api/email-marketing-signup',
      'post /api/course-registration',
      'get /api/challenge/site-key',
      'get /api/challenge/required',
      'get /api/auth/{action}',
      'post /api/auth/{action}',
      'get /api/{unknown}',
      'post /api/newsletter/confirm',
      'get /api/newsletter/unsubscribe',
      'post /api/newsletter/unsubscribe',
      'get /api/courses',
      'get /api/courses/{code}',
      'get /api/terms',
      'get /api/events',
      'post /api/search/clicks',
      'post /api/chat/feedback',
    ];
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(table.sort());
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers every documented error with the ApiError schema, with codes from the contract', () => {
    let errors = 0;
    for (const { op } of operations) {
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        if (Number(status) < 400 || op.tags?.includes('auth')) continue;
        errors++;
        expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiError' });
        for (const example of Object.values<Json>(response.content['application/json'].examples)) {
          expect(errorCodes).toContain(example.value.error.code);
        }
      }
    }
    expect(errors).toBeGreaterThan(20);
    expect(doc.components.schemas.ApiError.properties.error.required).toEqual(['code', 'message']);
  });

  it('puts the rate-limit headers on every answer of the POST routes the route gives, and Retry-After on their 429s', () => {
    const posts = operations.filter((o) => o.method === 'post' && !o.op.tags?.includes('auth'));
    expect(posts.map((o) => o.path).sort()).toEqual([
      '/api/chat',
      '/api/chat/feedback',
      '/api/course-registration',
      '/api/email-marketing-signup',
      '/api/newsletter/confirm',
      '/api/newsletter/unsubscribe',
      '/api/search/clicks',
    ]);
    for (const { op } of posts) {
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        // 405 and 413 come before the rate limiter: the 413 from the server's body cap, before the route runs.
        if (status === '405' || status === '413') {
          expect(response.headers?.['X-RateLimit-Limit'], `${op.operationId} ${status}`).toBeUndefined();
          continue;
        }
        expect(Object.keys(response.headers ?? {}), `${op.operationId} ${status}`).toEqual(
          expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
        );
      }
      expect(Object.keys(op.responses['429'].headers)).toContain('Retry-After');
    }
  });

  it("declares Retry-After on the chat's 503, sent when the chat is busy", () => {
    const busy = doc.paths['/api/chat'].post.responses['503'];
    expect(busy.headers['Retry-After']).toMatchObject({ required: false, schema: { type: 'integer' } });
    expect(busy.description).toMatch(/Retry-After/);
  });

  it('is generated from the zod schemas the routes validate with', () => {
    const fromZod = z.toJSONSchema(signupSchema, { target: 'draft-2020-12', io: 'input' }) as Json;
    const { $schema: _s, ...signup } = fromZod;
    // The same, but for patterns written portably (\uXXXX as the character itself: portablePattern).
    const published = JSON.parse(JSON.stringify(doc.components.schemas.SignupRequest), (key, value) =>
      key === 'pattern'
        ? signup.properties[
            Object.keys(signup.properties).find((k) => portablePattern(signup.properties[k].pattern ?? '') === value)!
          ].pattern
        : value,
    );
    expect(published).toEqual(signup);
    expect(signup.additionalProperties).toBe(false);
    expect(doc.components.schemas.ChatRequest.properties.messages.maxItems).toBe(40);
    const search = doc.paths['/api/search'].get.parameters.find((p: Json) => p.name === 'limit');
    expect(search.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 10 });
  });

  it('has examples that match their own schemas, with and without the u flag on patterns', () => {
    // Every example in the document: media types (request and response), parameters and headers, each with its schema.
    const found: [string[], unknown][] = [];
    const media = (at: string[], content: Json = {}) => {
      for (const [type, m] of Object.entries<Json>(content)) {
        if ('example' in m) found.push([[...at, type, 'schema'], m.example]);
        for (const e of Object.values<Json>(m.examples ?? {})) found.push([[...at, type, 'schema'], e.value]);
      }
    };
    const withSchema = (at: string[], item: Json) => {
      if ('example' in item) found.push([[...at, 'schema'], item.example]);
      for (const e of Object.values<Json>(item.examples ?? {})) found.push([[...at, 'schema'], e.value]);
    };
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      (item.parameters ?? []).forEach((p: Json, i: number) => withSchema(['paths', path, 'parameters', String(i)], p));
    }
    for (const { path, method, op } of operations) {
      const at = ['paths', path, method];
      (op.parameters ?? []).forEach((p: Json, i: number) => withSchema([...at, 'parameters', String(i)], p));
      media([...at, 'requestBody', 'content'], op.requestBody?.content);
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        media([...at, 'responses', status, 'content'], response.content);
        for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
          if (!header.$ref) withSchema([...at, 'responses', status, 'headers', name], header);
        }
      }
    }
    for (const [name, header] of Object.entries<Json>(doc.components.headers))
      withSchema(['components', 'headers', name], header);

    for (const [at, example] of found) {
      expect(validateAt(at, example), `${at.join(' › ')}`).toEqual([]);
      expect(validateAt(at, example, 'code-units'), `${at.join(' › ')} (patterns without the u flag)`).toEqual([]);
    }
    expect(found.length).toBeGreaterThan(40);
    expect(found.filter(([at]) => at.includes('parameters') || at.includes('headers')).length).toBeGreaterThan(5);
    expect(validateAt(['components', 'schemas', 'SignupRequest'], { email: 'a@b.example', extra: 1 })).not.toEqual([]);
  });
});
