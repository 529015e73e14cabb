import type { FastifyPluginAsync } from 'fastify';
import {
  changePasswordSchema,
  profileUpdateSchema,
  receiptChannelSchema,
} from '../../../shared/schemas/profile.ts';
import { languageSchema } from '../../../shared/schemas/languages.ts';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/errors.ts';
import { sameOriginPath } from '../../http/same-origin-path.ts';
import { authHeaders } from '../../platform/auth.ts';
import { memberRateLimit, requireSessionUser } from '../../core/guards.ts';
import { sessionUserOf } from '../../core/session.ts';
import { setLanguage, setLanguageCookie } from './language.ts';
import { changePassword, getProfile, setReceiptChannel, updateProfile } from './profile.service.ts';
import { m } from '../../../paraglide/messages.js';

// Members only: guests have no profile.
export const profileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/profile', async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    reply.header('cache-control', 'no-store');
    return getProfile(ctx, user.id);
  });

  app.patch('/api/profile', async (request) => {
    const user = await requireSessionUser(ctx, request);
    const input = parseInput(profileUpdateSchema, request.body);
    const result = await updateProfile(ctx, user.id, input);
    if (result.changed) ctx.sessions.forget(user.id); // the name /api/me shows
    return result;
  });

  app.put('/api/profile/receipt-channel', async (request) => {
    const user = await requireSessionUser(ctx, request);
    const { channel } = parseInput(receiptChannelSchema, request.body);
    return setReceiptChannel(ctx, user.id, channel);
  });

  // The language link (the login screen's and the profile's switch, decision 043): for
  // anyone, back to the screen it was tapped on in the language chosen; a member's account
  // keeps it too. A GET, as a link must be: the worst a forged one does is change a language.
  app.get('/language/:locale', async (request, reply) => {
    const { locale } = parseInput(languageSchema, request.params);
    const user = await sessionUserOf(ctx, request);
    if (user) await setLanguage(ctx, user.id, locale);
    // With nobody signed in, the account that signs in next here takes it (decision 053).
    setLanguageCookie(request, reply, locale, !user);
    return reply
      .header('cache-control', 'no-store')
      .redirect(sameOriginPath((request.query as { next?: unknown }).next), 303);
  });

  // The member's language: the account's (mails, SMS, USSD) and this browser's cookie.
  app.put('/api/profile/language', async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    const { locale } = parseInput(languageSchema, request.body);
    const result = await setLanguage(ctx, user.id, locale);
    setLanguageCookie(request, reply, locale);
    return result;
  });

  app.post(
    '/api/profile/password',
    {
      config: {
        rateLimit: memberRateLimit(ctx, {
          member: ctx.config.authRateLimit,
          address: ctx.config.authRateLimit,
          timeWindow: '15 minutes',
        }),
      },
    },
    async (request, reply) => {
      const user = await requireSessionUser(ctx, request);
      const input = parseInput(changePasswordSchema, request.body);
      const responseHeaders = await changePassword(ctx, authHeaders(request), input);
      // Its other sessions have ended: no process may keep trusting them.
      ctx.sessions.forget(user.id);
      const cookies = responseHeaders.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { message: m.shared_accounts_password_updated() };
    },
  );
};
