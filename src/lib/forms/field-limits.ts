import type { z } from 'zod';

/**
 * The longest value a form field's schema accepts, for its `maxlength`: the form reads the schema's limit instead
 * of repeating it. An optional field's limit is its inner schema's.
 * @example maxLengthOf(registrationSchema.shape.notes) // 2000
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  const inner = 'unwrap' in schema && typeof schema.unwrap === 'function' ? (schema.unwrap() as z.ZodType) : schema;
  const max = (inner as { maxLength?: number | null }).maxLength;
  return typeof max === 'number' ? max : undefined;
}
