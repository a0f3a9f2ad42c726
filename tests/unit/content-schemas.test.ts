import { describe, expect, it } from 'vitest';
import { courseSchema, handbookSchema, programSchema } from '../../src/schemas/content.ts';

const validCourse = {
  code: 'BIB201',
  title: 'Biblical Greek I',
  summary: 'An introduction to the grammar of Koine Greek.',
  department: 'languages',
  credits: 4,
  level: 'intermediate',
  delivery: 'online',
  terms: ['2027-spring'],
  prerequisites: ['BIB101'],
  instructors: ['Dr. Helena Marsh'],
};

describe('content schemas', () => {
  it('accepts a valid course and fills its type', () => {
    expect(courseSchema.parse(validCourse).type).toBe('course');
  });

  it('says which departments and terms are allowed', () => {
    const result = courseSchema.safeParse({ ...validCourse, department: 'astrology', terms: ['2031-winter'] });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n');
    expect(messages).toMatch(/department: .*biblical-studies/);
    expect(messages).toMatch(/terms\.0: .*2027-spring/);
  });

  it('explains the course code format', () => {
    const result = courseSchema.safeParse({ ...validCourse, code: 'bib-201' });
    expect(result.error!.issues[0].message).toContain('e.g. "BIB201"');
  });

  it('requires programs to name at least one required course', () => {
    expect(
      programSchema.safeParse({
        title: 'X',
        summary: 'A program summary long enough.',
        award: 'diploma',
        duration: '1 year',
        delivery: 'online',
        requiredCourses: [],
      }).success,
    ).toBe(false);
  });

  it('limits handbook pages to the known sections', () => {
    expect(
      handbookSchema.safeParse({ title: 'X', summary: 'A handbook summary long enough.', section: 'gossip', order: 1 })
        .success,
    ).toBe(false);
  });

  it('describes every field for editors', () => {
    for (const schema of [courseSchema, programSchema, handbookSchema]) {
      for (const [name, field] of Object.entries(schema.shape)) {
        if (name === 'type') continue;
        expect(field.description, `${name} has no description`).toMatch(/\w/);
      }
    }
  });
});
