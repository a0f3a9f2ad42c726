/**
 * Content schemas: what editors may write in the front matter of each collection.
 * Every field says what it means and shows an example, because these messages are what an editor
 * sees when the build rejects a file.
 */
import { z } from 'zod';
import { checkKeyDates, keyDateSchema } from './calendar.ts';
import departments from '../content/departments.json' with { type: 'json' };
import terms from '../content/terms.json' with { type: 'json' };
import topics from '../content/topics.json' with { type: 'json' };

export const COURSE_CODE = /^[A-Z]{2,4}[0-9]{3}$/;

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lowercase letters, digits and single hyphens, e.g. "student-services"');

export const departmentSchema = z.object({
  id: slug.describe('Department id used in course front matter, e.g. "biblical-studies"'),
  name: z.string().min(1).describe('Display name, e.g. "Biblical Studies"'),
  summary: z.string().min(1).describe('One sentence shown on the catalog page'),
});

export const termSchema = z
  .object({
    id: z
      .string()
      .regex(/^[0-9]{4}-(spring|summer|fall)$/, 'a term id looks like "2027-spring"')
      .describe('Term id, e.g. "2027-spring"'),
    name: z.string().min(1).describe('Display name, e.g. "Spring 2027"'),
    starts: z.iso.date().describe('First day of classes, e.g. "2027-01-18"'),
    ends: z.iso.date().describe('Last day of the term, e.g. "2027-05-07"'),
    registrationOpen: z.boolean().describe('Whether returning students may register for this term online'),
    keyDates: z
      .array(keyDateSchema)
      .min(1)
      .describe(
        'The term\'s key dates (classes begin, deadlines, reading week, examinations, term ends, graduation), e.g. [{ "kind": "add-drop-deadline", "date": "2027-01-29" }]',
      ),
  })
  .superRefine(checkKeyDates);

export const topicSchema = z.object({
  slug: slug.describe('Topic slug sent by the signup form, e.g. "admissions"'),
  label: z.string().min(1).describe('What the signup form shows, e.g. "Admissions and open days"'),
});

export const departmentIds = departments.map((d) => d.id) as [string, ...string[]];
export const termIds = terms.map((t) => t.id) as [string, ...string[]];
export const topicSlugs = topics.map((t) => t.slug) as [string, ...string[]];

export const deliveryModes = ['on-campus', 'online', 'hybrid'] as const;
const delivery = z.enum(deliveryModes).describe('How the teaching is delivered: "on-campus", "online" or "hybrid"');
const courseCode = z.string().regex(COURSE_CODE, 'a course code is 2–4 capital letters and 3 digits, e.g. "BIB201"');

/** A site path an old URL of a page had, e.g. "/handbook/refund-policy/": lowercase, starting and ending with "/". */
export const OLD_PATH = /^\/(?:[a-z0-9]+(?:[-_.][a-z0-9]+)*\/)+$/;

/**
 * One name or word for search: a phrase of a few words, as a visitor would type it. Two characters at least
 * ("MA"), at most 60, no line breaks, no "|" (it joins them in the search index's metadata).
 */
const searchTerm = (example: string) =>
  z
    .string({ error: `each item is a name in quotes, e.g. "${example}"` })
    .trim()
    .min(2, `at least 2 characters, e.g. "${example}"`)
    .max(60, `at most 60 characters: a name or a few words a visitor would type, e.g. "${example}"`)
    .regex(/^[^|\n\r]*$/, `one name per list item, without "|" or line breaks, e.g. "${example}"`);

/** A list of `item`s, each given once (case aside): a repeated one is a slip, and would count twice. */
const listedOnce = (field: string, item: z.ZodString, examples: [string, string], max: number) =>
  z
    .array(item, { error: `${field} is a list, e.g. ${field}: ${JSON.stringify(examples).replace(',', ', ')}` })
    .max(max, `at most ${max} ${field}: keep the ones visitors really use`)
    .refine((list) => new Set(list.map((t) => t.toLowerCase())).size === list.length, {
      error: `${field} names an entry twice (case aside): list each once`,
    })
    .default([]);

const searchTerms = (field: string, examples: [string, string], max: number) =>
  listedOnce(field, searchTerm(examples[0]), examples, max);

/** A question as a visitor would ask it: one line, a few words to a couple of sentences. */
const VISITOR_QUESTION = 'can I pay my fees in bits?';
const visitorQuestion = z
  .string({ error: `each item is a question in quotes, e.g. "${VISITOR_QUESTION}"` })
  .trim()
  .min(8, `at least 8 characters: a whole question, e.g. "${VISITOR_QUESTION}"`)
  .max(200, 'at most 200 characters: a question as a visitor types it')
  .regex(/^[^\n\r]*$/, `one question per list item, without line breaks, e.g. "${VISITOR_QUESTION}"`);

/** Fields every page kind shares; each kind extends it with a literal `type`. */
const basePage = z.object({
  title: z
    .string()
    .min(1)
    .max(120)
    .describe('Page title, shown as the H1 and in the browser tab, e.g. "Biblical Greek I"'),
  summary: z
    .string()
    .min(20)
    .max(300)
    .describe('One or two sentences for listings, search results and the meta description'),
  draft: z
    .boolean()
    .default(false)
    .describe('true keeps the page out of the published site; `npm run dev` still shows it, e.g. draft: true'),
  updated: z.coerce
    .date()
    .optional()
    .describe('When the content last changed in substance, shown on the page and in the sitemap, e.g. 2027-02-01'),
  redirectFrom: z
    .array(
      z.string().regex(OLD_PATH, 'an old path starts and ends with "/", lowercase, e.g. "/handbook/refund-policy/"'),
    )
    .default([])
    .describe('Old URLs of this page that answer 301 to it, e.g. ["/handbook/refund-policy/"]'),
  aliases: searchTerms('aliases', ['accessibility statement', 'a11y'], 12).describe(
    'Other names visitors use for this page; a search or chat question naming one finds this page first, e.g. ["accessibility statement"]',
  ),
  keywords: searchTerms('keywords', ['dyslexia', 'essay writing'], 20).describe(
    'Words the page is about but may not use, weighted in the search index (search and chat), e.g. ["dyslexia", "essay writing"]',
  ),
  questions: listedOnce(
    'questions',
    visitorQuestion,
    [VISITOR_QUESTION, 'who do I talk to if I feel low?'],
    30,
  ).describe(
    'Questions visitors ask, in their own words, that this page answers best of all the site\'s pages; the chat finds the page by them and they are not shown, e.g. ["can I pay my fees in bits?"]',
  ),
});

export const courseSchema = basePage.extend({
  type: z.literal('course').default('course'),
  code: courseCode.describe('Unique course code, also the file name in lowercase, e.g. "BIB201" in bib201.mdx'),
  department: z
    .enum(departmentIds)
    .describe('Department id from src/content/departments.json, e.g. "biblical-studies"'),
  credits: z.number().int().min(1).max(12).describe('Credit hours, e.g. 3'),
  level: z.enum(['introductory', 'intermediate', 'advanced', 'graduate']).describe('Course level, e.g. "intermediate"'),
  delivery,
  terms: z
    .array(z.enum(termIds))
    .min(1)
    .describe('Term ids from src/content/terms.json in which the course runs, e.g. ["2027-spring"]'),
  prerequisites: z.array(courseCode).default([]).describe('Codes of courses to complete first, e.g. ["BIB101"]'),
  instructors: z.array(z.string().min(1)).min(1).describe('Who teaches it, e.g. ["Dr. Miriam Okafor"]'),
});

export const programSchema = basePage.extend({
  type: z.literal('program').default('program'),
  award: z.enum(['certificate', 'diploma', 'bachelor', 'master']).describe('What a graduate receives, e.g. "diploma"'),
  duration: z.string().min(1).describe('Typical length of study, e.g. "2 years full-time, 4 years part-time"'),
  delivery,
  requiredCourses: z
    .array(courseCode)
    .min(1)
    .describe('Codes of courses every student takes, e.g. ["BIB101", "THE101"]'),
  electiveCourses: z.array(courseCode).default([]).describe('Codes of courses students choose from, e.g. ["MUS210"]'),
  entryRequirements: z
    .string()
    .min(1)
    .optional()
    .describe(
      'What this program asks beyond the handbook\'s requirements for its award, e.g. "A reference from your church."',
    ),
});

export const handbookSections = [
  'admissions-and-enrolment',
  'academic-calendar',
  'policies',
  'assessment',
  'student-services',
  'fees-and-finance',
] as const;

export const handbookSchema = basePage.extend({
  type: z.literal('handbook').default('handbook'),
  section: z.enum(handbookSections).describe('Handbook section the page belongs to, e.g. "assessment"'),
  order: z.number().int().min(1).describe('Position within its section, 1 first'),
});

export const pageSchema = basePage.extend({
  type: z.literal('page').default('page'),
});

export type Course = z.infer<typeof courseSchema>;
export type Department = z.infer<typeof departmentSchema>;
export type Term = z.infer<typeof termSchema>;
