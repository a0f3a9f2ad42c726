/** ItemList for an index page (the course catalog, the program index): each entry's page, in the page's order. */
import type { ItemList } from 'schema-dts';

export function itemList(name: string, entries: { name: string; path: string }[], origin: string): ItemList {
  return {
    '@type': 'ItemList',
    name,
    numberOfItems: entries.length,
    itemListElement: entries.map((e, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: e.name,
      url: `${origin}${e.path}`,
    })),
  };
}
