// `npm run admin -- grant <email>` / `npm run admin -- revoke <email>` / `npm run admin -- list`
// `npm run admin -- finance <email> all|<assembly,assembly…>` / `npm run admin -- finance-revoke <email>`
// Manages admins and finance officers from the command line (with the app stopped when it
// runs on the embedded database: one process per data directory). Finance role changes are
// recorded in the finance audit trail as made from the command line.
import { eq } from 'drizzle-orm';
import { loadConfig, loadDotEnv } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { admins, users } from '../src/server/db/schema.ts';
import { grantAdmin, revokeAdmin } from '../src/server/features/accounts/accounts.service.ts';
import { COMMAND_LINE_ACTOR } from '../src/server/features/finance/audit.service.ts';
import {
  grantOfficer,
  listOfficers,
  revokeOfficer,
} from '../src/server/features/finance/officers.service.ts';
import { officerGrantSchema } from '../src/shared/schemas/finance.ts';

const [command, email, scope] = process.argv.slice(2);
const usage = [
  'Usage: npm run admin -- grant <email> | revoke <email> | list',
  '       npm run admin -- finance <email> all            (finance officer for every assembly)',
  '       npm run admin -- finance <email> bethel,grace   (for these assemblies only)',
  '       npm run admin -- finance-revoke <email>',
].join('\n');

const commands = ['grant', 'revoke', 'list', 'finance', 'finance-revoke'];
if (
  !command ||
  !commands.includes(command) ||
  (command !== 'list' && !email) ||
  (command === 'finance' && !scope)
) {
  console.error(usage);
  process.exit(2);
}

loadDotEnv();
const config = loadConfig();
let database;
try {
  database = await openDatabase(config);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
try {
  await database.migrate();
  const ctx = { db: database.db };
  if (command === 'list') {
    const rows = await ctx.db
      .select({ email: users.email, name: users.fullName })
      .from(admins)
      .innerJoin(users, eq(users.id, admins.userId));
    console.log(
      rows.length ? rows.map((r) => `${r.email} (${r.name})`).join('\n') : 'No admins yet.',
    );
    const officers = await listOfficers(ctx);
    console.log(
      officers.length
        ? `Finance officers:\n${officers
            .map(
              (o) =>
                `${o.email} (${o.fullName}): ${o.allAssemblies ? 'all assemblies' : o.assemblies.join(', ')}`,
            )
            .join('\n')}`
        : 'No finance officers yet.',
    );
  } else if (command === 'finance') {
    const parsed = officerGrantSchema.safeParse({
      email,
      allAssemblies: scope === 'all',
      assemblies: scope === 'all' ? [] : scope!.split(',').map((s) => s.trim()),
    });
    if (!parsed.success) {
      console.error(parsed.error.issues.map((i) => i.message).join('\n'));
      process.exitCode = 1;
    } else {
      try {
        const officer = await grantOfficer(ctx, COMMAND_LINE_ACTOR, parsed.data);
        console.log(
          `${officer.email} is now a finance officer for ${officer.allAssemblies ? 'all assemblies' : officer.assemblies.join(', ')}.`,
        );
      } catch (error) {
        console.error((error as Error).message);
        process.exitCode = 1;
      }
    }
  } else if (command === 'finance-revoke') {
    const done = await revokeOfficer(ctx, COMMAND_LINE_ACTOR, email!);
    console.log(
      done ? `${email} is no longer a finance officer.` : `${email} is not a finance officer.`,
    );
    process.exitCode = done ? 0 : 1;
  } else if (command === 'grant') {
    const done = await grantAdmin(ctx, email!);
    console.log(
      done
        ? `${email} is now an admin.`
        : `No account with the email ${email}. They must sign up first.`,
    );
    process.exitCode = done ? 0 : 1;
  } else {
    const done = await revokeAdmin(ctx, email!);
    console.log(done ? `${email} is no longer an admin.` : `No account with the email ${email}.`);
    process.exitCode = done ? 0 : 1;
  }
} finally {
  await database.close();
}
