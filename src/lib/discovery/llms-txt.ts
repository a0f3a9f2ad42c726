/** The /llms.txt document (llmstxt.org): an H1, a summary blockquote, then sections of links with descriptions. */

export interface LlmsLink {
  title: string;
  url: string;
  description: string;
}
export interface LlmsSection {
  name: string;
  links: LlmsLink[];
}

// Link text and descriptions are single lines of plain text; brackets would end the link text early.
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string) => oneLine(text).replace(/[[\]]/g, (c) => `\\${c}`);

export function llmsTxt({
  name,
  summary,
  details,
  sections,
}: {
  name: string;
  summary: string;
  details: string[];
  sections: LlmsSection[];
}): string {
  const parts = [`# ${oneLine(name)}`, `> ${oneLine(summary)}`, ...details.map(oneLine)];
  for (const section of sections) {
    if (section.links.length === 0) continue;
    const links = section.links.map((l) => `- [${linkText(l.title)}](${l.url}): ${oneLine(l.description)}`);
    parts.push(`## ${section.name}\n\n${links.join('\n')}`);
  }
  return `${parts.join('\n\n')}\n`;
}
