/**
 * The two OpenAPI linters integrators run, on the generated document, with the repository's own configs
 * (.spectral.yaml, redocly.yaml): no errors from either. Warnings are printed, so a new one shows in the output.
 */
import { readFileSync } from 'node:fs';
import { createConfig, lintFromString, parseYaml } from '@redocly/openapi-core';
import spectralCore, { type RulesetDefinition } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/lib/discovery/openapi.ts';

const { Spectral, Document } = spectralCore;
const source = JSON.stringify(openApiDocument('https://northgate.example'), null, 2);
/** A linter's config file, as far as these tests read it. */
type LinterConfig = { extends?: string | string[]; rules?: Record<string, 'off' | 'warn' | 'error'> };
const configFile = (name: string) =>
  parseYaml(readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8')) as LinterConfig;
type Finding = { rule: string; at: string; message: string };
const report = (linter: string, warnings: Finding[]) => {
  for (const w of warnings) console.warn(`${linter} warning ${w.rule} at ${w.at}: ${w.message}`);
};

describe('/openapi.json under the linters integrators run', () => {
  // Spectral loads and runs slowly on a busy machine.
  it("has no errors from Spectral's spectral:oas ruleset (with .spectral.yaml)", { timeout: 60_000 }, async () => {
    const config = configFile('.spectral.yaml');
    // Only the built-in ruleset, so the rules passed here are those the Spectral CLI would run with this file.
    expect([config.extends].flat()).toEqual(['spectral:oas']);
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [oas as RulesetDefinition], rules: config.rules ?? {} });
    const results = await spectral.run(new Document(source, Parsers.Json, 'openapi.json'));
    const found = (severity: number) =>
      results
        .filter((r) => r.severity === severity)
        .map((r) => ({ rule: String(r.code), at: r.path.join('.'), message: r.message }));
    report('spectral', found(1));
    expect(found(0)).toEqual([]);
  });

  it("has no errors from Redocly's recommended ruleset (with redocly.yaml)", { timeout: 60_000 }, async () => {
    const raw = configFile('redocly.yaml');
    expect(raw.extends).toEqual(['recommended']);
    const config = await createConfig(raw as Parameters<typeof createConfig>[0]);
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const found = (severity: string) =>
      problems
        .filter((p) => p.severity === severity)
        .map((p) => ({ rule: p.ruleId, at: p.location[0]?.pointer ?? '', message: p.message }));
    report('redocly', found('warn'));
    expect(found('error')).toEqual([]);
  });

  it('keeps what the configs turn off narrow: only /api/{unknown} answers no success', () => {
    const doc = JSON.parse(source) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const withoutSuccess = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method, op]) => method !== 'parameters' && !Object.keys(op.responses).some((s) => /^[23]/.test(s)))
        .map(([method]) => `${method} ${path}`),
    );
    expect(withoutSuccess).toEqual(['get /api/{unknown}']);
  });
});
