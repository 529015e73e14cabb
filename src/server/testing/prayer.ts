import { memberSession } from './accounts.ts';
import type { TestApp } from './test-app.ts';
import { approvedPastor } from './workers.ts';

/**
 * The people of the prayer wall's tests, signed in (the app's ADMIN_EMAILS names
 * admin@example.com): the admin; Ama and Kwame of Bethel (test sign-ups' default assembly);
 * Kofi of Grace; approved pastors of Bethel and of Grace (their application's branch).
 */
export async function prayerPeople(t: TestApp) {
  const pastorOf = async (email: string, branch: string) =>
    (await approvedPastor(t, email, admin, 'full-time', { current_branch: branch })).cookie;
  const admin = await memberSession(t, 'admin@example.com');
  return {
    admin,
    ama: await memberSession(t, 'ama@example.com'),
    kwame: await memberSession(t, 'kwame@example.com', undefined, { firstName: 'Kwame' }),
    kofi: await memberSession(t, 'kofi@example.com', undefined, {
      firstName: 'Kofi',
      assembly: 'grace',
    }),
    bethelPastor: await pastorOf('bethel.pastor@example.com', 'bethel'),
    gracePastor: await pastorOf('grace.pastor@example.com', 'grace'),
  };
}
