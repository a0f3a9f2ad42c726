import { describe, expect, it } from 'vitest';
import { courseSchema, handbookSchema, pageSchema, programSchema } from '../../src/schemas/content.ts';

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

  it('takes aliases and keywords as optional lists of names, on every kind of page', () => {
    const page = { title: 'Accessibility', summary: 'How we make the site work for everyone.' };
    expect(pageSchema.parse(page)).toMatchObject({ aliases: [], keywords: [] });
    const named = { ...validCourse, aliases: [' Greek 1 '], keywords: ['koine', 'New Testament Greek'] };
    expect(courseSchema.parse(named)).toMatchObject({
      aliases: ['Greek 1'],
      keywords: ['koine', 'New Testament Greek'],
    });
    for (const schema of [courseSchema, programSchema, handbookSchema, pageSchema])
      expect(Object.keys(schema.shape)).toEqual(expect.arrayContaining(['aliases', 'keywords']));
  });

  it('takes the questions a page answers as an optional list, trimmed, each once and on one line', () => {
    const page = { title: 'Fees', summary: 'What a course costs and how to pay for it.' };
    expect(pageSchema.parse(page)).toMatchObject({ questions: [] });
    expect(pageSchema.parse({ ...page, questions: ['  can I pay my fees in bits? '] }).questions).toEqual([
      'can I pay my fees in bits?',
    ]);
    const messages = (questions: unknown) =>
      pageSchema
        .safeParse({ ...page, questions })
        .error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('\n');
    expect(messages('can I pay in bits?')).toMatch(/questions: questions is a list, e\.g\. questions: \["can I pay/);
    expect(messages(['fees?'])).toMatch(/questions\.0: at least 8 characters: a whole question/);
    expect(messages(['x'.repeat(201)])).toMatch(/questions\.0: at most 200 characters/);
    expect(messages(['how much is it?\nand when?'])).toMatch(/questions\.0: one question per list item/);
    expect(messages(['How much is it?', 'how much is it?'])).toMatch(/questions names an entry twice/);
    for (const schema of [courseSchema, programSchema, handbookSchema, pageSchema])
      expect(Object.keys(schema.shape)).toContain('questions');
  });

  it('explains what is wrong with aliases and keywords', () => {
    const page = { title: 'Accessibility', summary: 'How we make the site work for everyone.' };
    const messages = (extra: object) =>
      pageSchema
        .safeParse({ ...page, ...extra })
        .error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('\n');
    expect(messages({ aliases: 'accessibility statement' })).toMatch(
      /aliases: aliases is a list, e\.g\. aliases: \["accessibility statement", "a11y"\]/,
    );
    expect(messages({ aliases: [42] })).toMatch(/aliases\.0: each item is a name in quotes/);
    expect(messages({ keywords: ['x'] })).toMatch(/keywords\.0: at least 2 characters, e\.g\. "dyslexia"/);
    expect(messages({ keywords: ['a|b'] })).toMatch(/keywords\.0: one name per list item/);
    expect(messages({ aliases: ['A11y', 'a11y'] })).toMatch(/aliases: aliases names an entry twice/);
    expect(messages({ keywords: Array.from({ length: 21 }, (_, i) => `word ${i}`) })).toMatch(/at most 20 keywords/);
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
