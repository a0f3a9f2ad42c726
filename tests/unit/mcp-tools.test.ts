import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AnswerInterruptedError, INTERRUPTED_TEXT } from '../../src/lib/chat/stream-answer.ts';
import { collectAnswer } from '../../src/lib/mcp/ask.ts';
import { originAllowed } from '../../src/lib/mcp/origin.ts';
import { publicTwinUrl, readPublicTwin } from '../../src/lib/mcp/public-twins.ts';
import { builtSite } from '../../src/lib/site/built-site.ts';

function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'twins-'));
  mkdirSync(join(root, 'courses'));
  mkdirSync(join(root, 'pagefind'));
  writeFileSync(join(root, 'index.md'), '# Home');
  writeFileSync(join(root, 'courses', 'bib201.md'), '# Greek');
  writeFileSync(join(root, '404.md'), '# Not found');
  writeFileSync(join(root, 'pagefind', 'notes.md'), 'index internals');
  writeFileSync(join(root, 'secret.txt'), 'no');
  return root;
}

describe('get_page: public twins only', () => {
  const twins = new Set(['/index.md', '/courses/bib201.md']);

  it("lists the build's twins without the 404 page and the search bundle", () => {
    expect([...builtSite(fakeBuild()).publicTwins].sort()).toEqual(['/courses/bib201.md', '/index.md']);
  });

  it.each([
    ['/', '/index.md'],
    ['/index.html', '/index.md'],
    ['/courses/bib201/', '/courses/bib201.md'],
    ['/courses/bib201', '/courses/bib201.md'],
    ['/courses/bib201.md', '/courses/bib201.md'],
    ['/courses/bib201/index.html', '/courses/bib201.md'],
  ])('%s → %s', (path, twin) => expect(publicTwinUrl(path, twins)).toBe(twin));

  it.each([
    '',
    'courses/bib201/',
    '/../courses/bib201.md',
    '/courses/../index.md',
    '/courses/./bib201.md',
    '//courses/bib201.md',
    '/courses%2fbib201.md',
    '/courses\\bib201.md',
    '/courses/bib201.md?x',
    '/courses/bib201.md#x',
    '/courses/bib201.md\u0000',
    '/404.md',
    '/secret.txt',
    '/COURSES/BIB201.md',
    '/courses/bib202/',
    'https://evil.example/courses/bib201/',
  ])('refuses %j', (path) => expect(publicTwinUrl(path, twins)).toBeUndefined());

  it('reads a twin and nothing else, even next to a symlink pointing out of the build', async () => {
    const root = fakeBuild();
    symlinkSync('/etc', join(root, 'etc'));
    expect(await readPublicTwin('/courses/bib201/', root)).toEqual({ url: '/courses/bib201.md', markdown: '# Greek' });
    expect(await readPublicTwin('/etc/passwd', root)).toBeUndefined();
    expect(await readPublicTwin('/secret.txt', root)).toBeUndefined();
  });
});

describe('MCP Origin check', () => {
  it.each([
    [null, 'http://127.0.0.1:4321', undefined, true],
    ['http://127.0.0.1:4321', 'http://127.0.0.1:4321', undefined, true],
    ['http://localhost:4321', 'http://localhost:4321', undefined, true],
    ['http://evil.example', 'http://127.0.0.1:4321', undefined, false],
    // DNS rebinding: the attacker's name in both Origin and Host.
    ['http://evil.example:4321', 'http://evil.example:4321', undefined, false],
    ['null', 'http://127.0.0.1:4321', undefined, false],
    ['https://northgate.example', 'http://10.0.0.5:4321', 'https://northgate.example', true],
    ['http://10.0.0.5:4321', 'http://10.0.0.5:4321', 'https://northgate.example', false],
    ['https://northgate.example.evil.example', 'http://10.0.0.5:4321', 'https://northgate.example', false],
  ] as const)('Origin %s on %s (SITE_URL %s) → %s', (origin, requestOrigin, siteUrl, allowed) => {
    expect(originAllowed(origin, requestOrigin, siteUrl)).toBe(allowed);
  });
});

describe('ask_site: collecting the answer', () => {
  const answer = (pieces: string[], end?: Error) => ({
    sources: [{ url: 'https://n.example/courses/bib201/', title: 'Greek' }],
    finishReason: Promise.resolve(undefined),
    textStream: new ReadableStream<string>({
      start(c) {
        for (const p of pieces) c.enqueue(p);
        if (end) c.error(end);
        else c.close();
      },
    }),
  });
  it('joins the text and keeps the sources', async () => {
    expect(await collectAnswer(answer(['Yes, ', 'online.']))).toEqual({
      answer: 'Yes, online.',
      sources: [{ url: 'https://n.example/courses/bib201/', title: 'Greek' }],
    });
  });
  it('turns a failure after the start into a tool error, not half an answer', async () => {
    expect(await collectAnswer(answer(['Yes'], new AnswerInterruptedError()))).toEqual({ error: INTERRUPTED_TEXT });
  });
});
