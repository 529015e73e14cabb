import { crawlRoles } from './support/crawl.ts';

// Every link and button of these roles' screens, in the app and as a full load (support/crawl.ts).
crawlRoles(['member', 'guest']);
