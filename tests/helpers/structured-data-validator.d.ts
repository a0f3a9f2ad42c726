// Adobe's validator and the extractor it reads ship JavaScript without type declarations; the tests use this much.
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(extracted: unknown): Promise<{ issueMessage: string; severity: 'ERROR' | 'WARNING'; path: unknown }[]>;
  }
}
declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): { jsonld?: Record<string, unknown[]> };
  }
}
