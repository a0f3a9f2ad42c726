import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import {
  courseSchema,
  departmentSchema,
  handbookSchema,
  pageSchema,
  programSchema,
  termSchema,
  topicSchema,
} from './schemas/content.ts';
import { eventSchema } from './schemas/calendar.ts';

const mdx = (base: string) => glob({ pattern: '**/*.mdx', base: `./src/content/${base}` });

export const collections = {
  courses: defineCollection({ loader: mdx('courses'), schema: courseSchema }),
  programs: defineCollection({ loader: mdx('programs'), schema: programSchema }),
  handbook: defineCollection({ loader: mdx('handbook'), schema: handbookSchema }),
  pages: defineCollection({ loader: mdx('pages'), schema: pageSchema }),
  departments: defineCollection({ loader: file('src/content/departments.json'), schema: departmentSchema }),
  terms: defineCollection({ loader: file('src/content/terms.json'), schema: termSchema }),
  events: defineCollection({ loader: file('src/content/events.json'), schema: eventSchema }),
  topics: defineCollection({
    loader: file('src/content/topics.json', {
      parser: (text) => JSON.parse(text).map((t: { slug: string }) => ({ id: t.slug, ...t })),
    }),
    schema: topicSchema,
  }),
};
