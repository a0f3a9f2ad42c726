/**
 * Checks a real response against /openapi.json: the operation must declare its status (or `default`), the
 * response's media type, its required headers, and the body must validate against the declared schema
 * (JSON Schema 2020-12, as OpenAPI 3.1 says, with Ajv).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { openApiDocument } from '../../src/lib/discovery/openapi.ts';

// A walk through an arbitrary JSON document (the OpenAPI output), dozens of property reads deep: the one place
// where `any` is the honest type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Json = Record<string, any>;
const doc = openApiDocument('https://northgate.example') as Json;
function validatorOf(unicodeRegExp: boolean): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  // One schema holding the whole document, so `#/components/...` references resolve inside it.
  ajv.addSchema({ $id: 'openapi.json', ...doc } as Json);
  return ajv;
}
// `pattern`s are ECMA-262 regexes; some validators (Spectral's among them) compile them without the `u` flag.
const validators = { unicode: validatorOf(true), 'code-units': validatorOf(false) };

/** The schema a path inside the document names, e.g. ['paths', '/api/health', 'get', …]. */
function pointer(path: string[]): string {
  return `openapi.json#/${path.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

/**
 * Validate any value against a document-relative schema location, e.g. `components/schemas/ApiError`, with
 * patterns compiled with the `u` flag (as JSON Schema means) or without it (as some validators do).
 */
export function validateAt(path: string[], value: unknown, regex: keyof typeof validators = 'unicode'): string[] {
  const validate = validators[regex].getSchema(pointer(path));
  if (!validate) throw new Error(`no schema at ${path.join(' › ')}`);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`);
}

/**
 * @example await expectMatchesOpenApi('get', '/api/search', await fetch(`${url}/api/search?q=greek`))
 * @returns the parsed body, for further checks
 */
export async function expectMatchesOpenApi(method: string, template: string, res: Response): Promise<unknown> {
  const operation = doc.paths[template]?.[method];
  expect(operation, `${method.toUpperCase()} ${template} is in /openapi.json`).toMatchObject({
    responses: expect.any(Object),
  });
  const status = String(res.status);
  const key = operation.responses[status] ? status : 'default';
  const declared = operation.responses[key];
  expect(declared, `${method.toUpperCase()} ${template} declares ${status}`).toMatchObject({
    description: expect.any(String),
  });
  for (const [name, header] of Object.entries<Json>(declared.headers ?? {})) {
    const resolved = header.$ref ? doc.components.headers[header.$ref.split('/').at(-1)] : header;
    if (resolved.required) expect(res.headers.get(name), `header ${name} on ${status}`).not.toBeNull();
  }
  if (!declared.content) return undefined;
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  expect(Object.keys(declared.content), `${status} media type`).toContain(type);
  if (type === 'text/event-stream') return res.text();
  const body = method === 'head' ? undefined : await res.json();
  const errors = validateAt(['paths', template, method, 'responses', key, 'content', type, 'schema'], body);
  expect(errors, `${method.toUpperCase()} ${template} ${status} body: ${JSON.stringify(body).slice(0, 300)}`).toEqual(
    [],
  );
  return body;
}
