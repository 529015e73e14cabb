import { m } from '../../../paraglide/messages.js';
import { ANONYMOUS_NAME, type PrayerVisibility } from '../../../shared/prayer.ts';

// How the wall and the moderation tab word a request's audience and author.

export const audience = (visibility: PrayerVisibility) =>
  ({
    church: m.prayer_audience_church(),
    assembly: m.prayer_audience_assembly(),
    pastors: m.prayer_audience_pastors(),
  })[visibility];

/** The author's line: 'A member' for others' anonymous requests, the name otherwise. */
export function authorLine(request: { author: string; anonymous: boolean }, mine = false) {
  const name = mine ? m.prayer_you() : request.author;
  return request.anonymous && (mine || request.author !== ANONYMOUS_NAME)
    ? m.prayer_name_hidden({ name })
    : name;
}
