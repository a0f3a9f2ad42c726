/**
 * The catalog's content files read the simplest way, independently of src/lib/catalog: what tests compare every
 * representation (pages, twins, API, feeds, MCP) with.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const content = join(import.meta.dirname, '../../src/content');

export interface CourseData {
  code: string;
  title: string;
  department: string;
  level: string;
  delivery: string;
  credits: number;
  terms: string[];
  draft?: boolean;
}
export interface EventData {
  id: string;
  title: string;
  kind: string;
  start: string;
  end: string;
  timeZone?: string;
  place?: string;
  online?: string;
  booking?: string;
}
export interface TermData {
  id: string;
  name: string;
  starts: string;
  ends: string;
  registrationOpen: boolean;
  keyDates: { kind: string; date: string; until?: string }[];
}

export const courses: CourseData[] = readdirSync(join(content, 'courses'))
  .filter((f) => f.endsWith('.mdx'))
  .map((f) => parse(readFileSync(join(content, 'courses', f), 'utf8').split('---')[1]!) as CourseData)
  .filter((c) => !c.draft);
export const events: EventData[] = JSON.parse(readFileSync(join(content, 'events.json'), 'utf8'));
export const terms: TermData[] = JSON.parse(readFileSync(join(content, 'terms.json'), 'utf8'));

/** An event's end as an instant: the data is in Europe/London, which is UTC in winter and UTC+1 in summer. */
export function endOf(event: EventData): Date {
  const asUtc = new Date(`${event.end}:00Z`);
  const summer = new Intl.DateTimeFormat('en-GB', {
    timeZone: event.timeZone ?? 'Europe/London',
    timeZoneName: 'short',
  })
    .format(asUtc)
    .endsWith('BST');
  return new Date(asUtc.getTime() - (summer ? 3_600_000 : 0));
}
