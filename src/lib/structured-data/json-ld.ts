/**
 * JSON-LD as the text of a <script type="application/ld+json">. Astro writes a script's children verbatim, so the
 * JSON is escaped here: `<`, `>` and `&` (and the two JavaScript line separators) become \u escapes, still the
 * same JSON string, so no title can close the element ("</script>") or open a comment ("<!--").
 */
import type { Thing, WithContext } from 'schema-dts';

/** A schema.org item; the builders of this folder return objects (schema-dts also allows a bare string as a Thing). */
export type JsonLd = Thing;

/** One item with the schema.org context, as inert script text (one script per item: every consumer reads that). */
export function jsonLdScript(item: JsonLd): string {
  const doc = { '@context': 'https://schema.org', ...(item as object) } as WithContext<Exclude<Thing, string>>;
  return JSON.stringify(doc).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
