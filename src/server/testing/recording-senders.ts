import type { AppContext } from '../context.ts';
import type { Mail } from '../platform/mail/mailer.ts';
import type { Sms } from '../platform/sms/sms.ts';

/**
 * The app's context (with `overrides`) whose mailer and SMS sender keep what they are given
 * in `mails` and `texts` instead of sending it, or fail while `failNext(true)` holds: for the
 * tests of the jobs that send reminders.
 */
export function recordingContext(ctx: AppContext, overrides: Partial<AppContext> = {}) {
  const mails: Mail[] = [];
  const texts: Sms[] = [];
  let fail = false;
  return {
    mails,
    texts,
    failNext: (value: boolean) => (fail = value),
    ctx: {
      ...ctx,
      ...overrides,
      mailer: {
        ...ctx.mailer,
        async send(mail: Mail) {
          if (fail) throw new Error('SMTP down');
          mails.push(mail);
        },
      },
      sms: {
        kind: 'dev' as const,
        async send(sms: Sms) {
          if (fail) throw new Error('gateway down');
          texts.push(sms);
        },
      },
    } as AppContext,
  };
}
