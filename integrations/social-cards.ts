import type { AstroIntegration } from 'astro';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { CARD_HEIGHT, CARD_WIDTH, SITE_CARD } from '../src/lib/social-card.ts';
import { SITE_NAME } from '../src/lib/site.ts';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  400: require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
  700: require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'),
};
const font = (weight: 400 | 700) => readFile(FONT_FILES[weight]);
/** Cards already drawn, by file name (the name hashes what is drawn): a rebuild copies them instead. */
const CACHE = fileURLToPath(new URL('../node_modules/.cache/social-cards/', import.meta.url));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);
const metaContent = (html: string, property: string) =>
  html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];

const PADDING = 72;

/** A card: the kind of page small above, the title large, the institute's name at the foot, on the site's blue. */
function drawing(kind: string, title: string) {
  const text = (fontSize: number, fontWeight: number, children: string, extra = {}) => ({
    type: 'div',
    props: { style: { fontSize, fontWeight, display: 'flex', ...extra }, children },
  });
  return {
    type: 'div',
    props: {
      style: {
        // satori sizes the root's content box: the padding goes around it, inside the card.
        width: CARD_WIDTH - 2 * PADDING,
        height: CARD_HEIGHT - 2 * PADDING,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: PADDING,
        background: '#0b2a4a',
        color: '#ffffff',
        fontFamily: 'Inter',
      },
      children: [
        text(34, 400, kind.toUpperCase(), { color: '#f2c14e', letterSpacing: 2 }),
        text(title.length > 60 ? 56 : 72, 700, title, { lineHeight: 1.15 }),
        text(32, 400, SITE_NAME, { color: '#d6e2f0' }),
      ],
    },
  };
}

/**
 * Draws the link-preview card of every prerendered page (the `og:image` Base.astro names, src/lib/social-card.ts)
 * with satori (layout and text to SVG) and resvg (SVG to PNG), plus the site's card for pages rendered per request.
 */
export function socialCards(): AstroIntegration {
  return {
    name: 'institute:social-cards',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const root = fileURLToPath(dir);
        const fonts = [
          { name: 'Inter', data: await font(400), weight: 400 as const, style: 'normal' as const },
          { name: 'Inter', data: await font(700), weight: 700 as const, style: 'normal' as const },
        ];
        const cards = new Map<string, { kind: string; title: string }>([
          [SITE_CARD, { kind: 'Website', title: SITE_NAME }],
        ]);
        for (const file of (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.html'))) {
          const html = await readFile(join(root, file), 'utf8');
          const image = metaContent(html, 'og:image');
          const alt = metaContent(html, 'og:image:alt');
          const title = metaContent(html, 'og:title');
          if (!image || !alt || !title) continue;
          const path = new URL(image).pathname;
          if (path !== SITE_CARD) cards.set(path, { kind: decode(alt).split(': ')[0]!, title: decode(title) });
        }
        await mkdir(join(root, 'og'), { recursive: true });
        await mkdir(CACHE, { recursive: true });
        let drawn = 0;
        for (const [path, { kind, title }] of cards) {
          const name = path.slice('/og/'.length);
          const cached = join(CACHE, name);
          if (path === SITE_CARD || !existsSync(cached)) {
            const svg = await satori(drawing(kind, title) as Parameters<typeof satori>[0], {
              width: CARD_WIDTH,
              height: CARD_HEIGHT,
              fonts,
            });
            await writeFile(cached, new Resvg(svg).render().asPng());
            drawn++;
          }
          await copyFile(cached, join(root, 'og', name));
        }
        const ms = Math.round(performance.now() - started);
        logger.info(`${cards.size} social cards (${drawn} drawn, ${cards.size - drawn} from the cache) in ${ms} ms`);
      },
    },
  };
}
