import { describe, expect, it } from 'vitest';
import { askedBefore } from '../../src/lib/chat/asked-before.ts';
import type { ContentSource } from '../../integrations/content-sources.ts';
import { questionsByPage } from '../../integrations/page-questions.ts';

describe('askedBefore', () => {
  const asked = askedBefore([
    {
      '/give/': [
        "I'd like to leave something to the college in my will. Who do I talk to?",
        'How can I donate online?',
      ],
      '/handbook/code-of-conduct/': ['Someone in my online class keeps messaging me. Who do I tell?'],
      '/contact/': ['Who do I talk to about parking?', 'How do I walk there from the station?'],
    },
  ]);

  it('finds a page by the words of the questions it answered, which the page need not use', () => {
    const question = 'Can I leave the college a gift in my will?';
    expect(asked.likenessTo(question)('/give/')).toBeGreaterThan(0.3);
    expect(asked.likenessTo(question)('/give/')).toBeGreaterThan(asked.likenessTo(question)('/contact/'));
    expect(asked.likenessTo('another student keeps messaging me')('/handbook/code-of-conduct/')).toBeGreaterThan(0.5);
  });

  it('reads words by their stem and ignores how a question is asked', () => {
    expect(asked.likenessTo('donating')('/give/')).toBeGreaterThan(0);
    expect(asked.likenessTo('Who do I talk to?')('/give/')).toBe(asked.likenessTo('talk')('/give/'));
  });

  it('is 0 for a page without questions, or a question sharing no word with them', () => {
    expect(asked.likenessTo('Can I leave something in my will?')('/handbook/refunds/')).toBe(0);
    expect(asked.likenessTo('Greek grammar')('/give/')).toBe(0);
    expect(askedBefore([{}]).likenessTo('anything')('/give/')).toBe(0);
  });

  it('names the page whose questions a question is likest, if it shares a word with any', () => {
    expect(asked.likest('Can I leave the college a gift in my will?')).toEqual({
      url: '/give/',
      likeness: asked.likenessTo('Can I leave the college a gift in my will?')('/give/'),
    });
    expect(asked.likest('Greek grammar')).toBeUndefined();
  });

  it('weighs a word many pages were asked about less than one only a page was', () => {
    // "talk" was asked of two pages, "donate" of one.
    expect(asked.likenessTo('donate')('/give/')).toBeGreaterThan(asked.likenessTo('talk')('/give/'));
  });

  it('joins the questions of each source, page by page', () => {
    const fromPages = { '/give/': ['Is there a way to give every month?'], '/library/': ['Can I borrow books?'] };
    const both = askedBefore([{ '/give/': ['How can I donate online?'] }, fromPages]);
    expect(both.likenessTo('donate')('/give/')).toBeGreaterThan(0);
    expect(both.likenessTo('give every month')('/give/')).toBeGreaterThan(0);
    expect(both.likenessTo('borrow books')('/library/')).toBeCloseTo(1);
  });

  it('with meanings, finds a page by the nearest in meaning of its questions, though no word is shared', () => {
    // A stand-in for the search's meaning: money words point one way, travel words another.
    const meaning = (text: string) =>
      /pay|fee|instal|cost/.test(text) ? [1, 0] : /bus|train|station|walk/.test(text) ? [0, 1] : undefined;
    const meant = askedBefore(
      [{ '/fees/': ['Can I pay the fees in instalments?'], '/contact/': ['How do I walk there from the station?'] }],
      meaning,
    );
    const nearness = meant.nearnessTo('can I spread what it costs');
    expect(nearness('/fees/')).toBeCloseTo(1);
    expect(nearness('/contact/')).toBe(0);
    expect(meant.likenessTo('can I spread what it costs')('/fees/')).toBe(0);
    // No meaning for the question, no page with questions, or an index without meanings: 0.
    expect(meant.nearnessTo('Greek grammar')('/fees/')).toBe(0);
    expect(nearness('/library/')).toBe(0);
    expect(asked.nearnessTo('can I pay in instalments')('/give/')).toBe(0);
  });
});

describe('questionsByPage', () => {
  const source = (url: string, questions: string[], draft = false) => ({ url, questions, draft }) as ContentSource;

  it("gives the chat each published page's questions, by its address; a draft's wait until it is published", () => {
    expect(
      questionsByPage([
        source('/handbook/refunds/', ['do I get my money back?']),
        source('/handbook/student-housing/', ['is there a room on campus?'], true),
        source('/about/', []),
      ]),
    ).toEqual({ '/handbook/refunds/': ['do I get my money back?'] });
  });
});
