/**
 * A catalog event as schema.org Event: attendance mode from where it happens (campus, online or both), the
 * campus Place and/or the VirtualLocation, scheduled status, the institute as organizer. Takes catalog events, so
 * whichever page lists events (per request) builds the same data as the calendar feeds.
 */
import type { Event } from 'schema-dts';
import type { CalendarEvent } from '../catalog/model.ts';
import { campus, institutionRef } from './institution.ts';

export function eventJsonLd(event: CalendarEvent, pagePath: string, origin: string): Event {
  const place = event.place ? campus(event.place) : undefined;
  const online = event.online ? { '@type': 'VirtualLocation' as const, url: event.online } : undefined;
  const mode =
    place && online ? 'MixedEventAttendanceMode' : online ? 'OnlineEventAttendanceMode' : 'OfflineEventAttendanceMode';
  return {
    '@type': 'Event',
    '@id': `${origin}${pagePath}#${event.id}`,
    name: event.title,
    description: event.summary,
    startDate: event.start.toISOString(),
    endDate: event.end.toISOString(),
    eventAttendanceMode: `https://schema.org/${mode}`,
    eventStatus: 'https://schema.org/EventScheduled',
    location: [place, online].filter((l) => l !== undefined),
    organizer: institutionRef(origin),
    url: `${origin}${pagePath}#${event.id}`,
    ...(event.booking && {
      offers: {
        '@type': 'Offer',
        url: event.booking,
        price: 0,
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
      },
    }),
  };
}
