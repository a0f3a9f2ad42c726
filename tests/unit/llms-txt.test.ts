import { describe, expect, it } from 'vitest';
import { llmsTxt } from '../../src/lib/discovery/llms-txt.ts';

describe('llmsTxt', () => {
  it('writes the llmstxt.org shape: H1, summary blockquote, details, sections of links', () => {
    const text = llmsTxt({
      name: 'Institute',
      summary: 'What it is.\nAsk for Markdown.',
      details: ['More.'],
      sections: [
        {
          name: 'Courses',
          links: [{ title: 'BIB201: [Greek]', url: '/courses/bib201.md', description: 'Read  Mark\nwith a lexicon.' }],
        },
        { name: 'Empty', links: [] },
      ],
    });
    expect(text).toBe(
      '# Institute\n\n> What it is. Ask for Markdown.\n\nMore.\n\n## Courses\n\n- [BIB201: \\[Greek\\]](/courses/bib201.md): Read Mark with a lexicon.\n',
    );
  });
});
