import type { Feature } from '../core/feature.ts';
import { accountsFeature } from './accounts/accounts.feature.ts';
import { checkinFeature } from './checkin/checkin.feature.ts';
import { churchFeature } from './church/church.feature.ts';
import { devotionalFeature } from './devotional/devotional.feature.ts';
import { eventsFeature } from './events/events.feature.ts';
import { financeFeature } from './finance/finance.feature.ts';
import { givingFeature } from './giving/giving.feature.ts';
import { healthFeature } from './health/health.feature.ts';
import { historyFeature } from './history/history.feature.ts';
import { mailboxFeature } from './mailbox/mailbox.feature.ts';
import { notificationsFeature } from './notifications/notifications.feature.ts';
import { pastorFeature } from './pastor/pastor.feature.ts';
import { pledgesFeature } from './pledges/pledges.feature.ts';
import { prayerFeature } from './prayer/prayer.feature.ts';
import { profileFeature } from './profile/profile.feature.ts';
import { recurringFeature } from './recurring/recurring.feature.ts';
import { sermonsFeature } from './sermons/sermons.feature.ts';
import { supportFeature } from './support/support.feature.ts';
import { ussdFeature } from './ussd/ussd.feature.ts';
import { videosFeature } from './videos/videos.feature.ts';
import { workersFeature } from './workers/workers.feature.ts';

// Every feature of the server, once (issue 49, decision 055): app.ts registers their routes
// and starts them, jobs.ts runs their jobs, the authorisation matrix is composed from their
// rows, in this order. A new feature is a folder with its <name>.feature.ts, and a line here.
export const features: readonly Feature[] = [
  healthFeature,
  churchFeature,
  accountsFeature,
  profileFeature,
  notificationsFeature,
  givingFeature,
  historyFeature,
  recurringFeature,
  sermonsFeature,
  videosFeature,
  devotionalFeature,
  supportFeature,
  workersFeature,
  pastorFeature,
  financeFeature,
  pledgesFeature,
  checkinFeature,
  prayerFeature,
  eventsFeature,
  ussdFeature,
  mailboxFeature,
];
