/**
 * The institute's time zone, the one place it is set (docs/calendar.md). Event times in src/content/events.json
 * are wall-clock times in this zone unless an event names another; key dates are whole days in it; "today" and
 * "upcoming" are decided in it. Harrow Vale keeps UK time, so summer time (BST) is handled by the zone rules.
 */
export const INSTITUTE_TIME_ZONE = 'Europe/London';

/** True when `zone` is an IANA time zone this runtime knows, e.g. "Europe/London". */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let f = partsFormat.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(zone, f);
  }
  return f;
}

/** The wall clock in `zone` at `instant`, as fields. */
function wallClock(instant: Date, zone: string) {
  const p = Object.fromEntries(
    formatIn(zone)
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  return { year: +p.year, month: +p.month, day: +p.day, hour: +p.hour, minute: +p.minute, second: +p.second };
}

/** How far `zone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, zone: string): number {
  const w = wallClock(instant, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time in `zone` names.
 * @example zonedTimeToInstant('2027-06-19T10:00', 'Europe/London') // 2027-06-19T09:00:00.000Z (BST)
 */
export function zonedTimeToInstant(local: string, zone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) throw new Error(`not a local date-time "YYYY-MM-DDTHH:mm": ${local}`);
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0));
  // Two passes settle the offset on either side of a change (a time in the spring gap moves forward, as clocks do).
  let guess = asUtc - offsetAt(new Date(asUtc), zone);
  guess = asUtc - offsetAt(new Date(guess), zone);
  return new Date(guess);
}

/** The calendar day in `zone` at `instant`, "YYYY-MM-DD". */
export function dayIn(instant: Date, zone: string = INSTITUTE_TIME_ZONE): string {
  const w = wallClock(instant, zone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The first instant of a calendar day in `zone`. */
export function startOfDay(day: string, zone: string = INSTITUTE_TIME_ZONE): Date {
  return zonedTimeToInstant(`${day}T00:00`, zone);
}

/** The day after "YYYY-MM-DD". */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** An instant as ISO 8601 with the zone's offset, e.g. "2027-06-19T10:00:00+01:00": what the API gives. */
export function isoWithOffset(instant: Date, zone: string): string {
  const w = wallClock(instant, zone);
  const offsetMinutes = Math.round(offsetAt(instant, zone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

let todayMemo = { minute: Number.NaN, day: '' };

/**
 * The institute's calendar day at `now`, remembered for the minute (zone offsets change on the minute): the
 * catalog's answers depend on the day, and asking Intl for it on every request would cost more than the answer.
 */
export function todayAt(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== todayMemo.minute) todayMemo = { minute, day: dayIn(now) };
  return todayMemo.day;
}
