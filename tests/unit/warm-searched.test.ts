import { describe, expect, it } from 'vitest';
import { warmMostSearched } from '../../src/lib/search/warm-searched.ts';

describe('warming the most searched queries', () => {
  it('answers every query without a filter first, then with each type', async () => {
    const warmed: string[] = [];
    const ran = await warmMostSearched(
      async () => ['greek', 'fees'],
      async (q, type) => warmed.push(`${q}/${type ?? ''}`),
      { parallel: 1 },
    );
    expect(ran).toBe(10);
    expect(warmed).toEqual([
      'greek/',
      'fees/',
      'greek/course',
      'fees/course',
      'greek/program',
      'fees/program',
      'greek/handbook',
      'fees/handbook',
      'greek/page',
      'fees/page',
    ]);
  });

  it('goes on past a failing search and stops taking new ones once the budget is spent', async () => {
    const warmed: string[] = [];
    const ran = await warmMostSearched(
      async () => ['a', 'b', 'c'],
      async (q, type) => {
        warmed.push(q);
        if (q === 'a') throw new Error('worker died');
        if (type === 'course') await new Promise((r) => setTimeout(r, 200));
      },
      { parallel: 1, budgetMs: 100 },
    );
    // a, b, c without a filter, then a with a type fails at once, and b with a type is the one past the budget.
    expect(warmed).toEqual(['a', 'b', 'c', 'a', 'b']);
    expect(ran).toBe(4);
  });

  it('is ready with nothing warmed when the store cannot say what was searched, or never answers', async () => {
    const warm = async () => {
      throw new Error('never called');
    };
    expect(await warmMostSearched(() => Promise.reject(new Error('store down')), warm)).toBe(0);
    expect(await warmMostSearched(() => new Promise(() => {}), warm, { budgetMs: 50 })).toBe(0);
  });
});
