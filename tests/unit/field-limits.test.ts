import { describe, expect, it } from 'vitest';
import { maxLengthOf } from '../../src/lib/forms/field-limits.ts';
import { registrationSchema, signupSchema } from '../../src/schemas/forms.ts';

describe('form field limits read from the schemas', () => {
  it('gives each field the maximum its schema accepts, through optional', () => {
    const student = registrationSchema.shape.student.shape;
    expect(maxLengthOf(student.studentId)).toBe(20);
    expect(maxLengthOf(student.firstName)).toBe(100);
    expect(maxLengthOf(student.email)).toBe(254);
    expect(maxLengthOf(student.phone)).toBe(30);
    expect(maxLengthOf(registrationSchema.shape.notes)).toBe(2000);
    expect(maxLengthOf(signupSchema.shape.name)).toBe(100);
  });

  it('is the limit the schema enforces: one more character is refused', () => {
    const notes = registrationSchema.shape.notes;
    const max = maxLengthOf(notes)!;
    expect(notes.safeParse('a'.repeat(max)).success).toBe(true);
    expect(notes.safeParse('a'.repeat(max + 1)).success).toBe(false);
  });
});
