// `npm run admin -- grant <email>` / `npm run admin -- revoke <email>` / `npm run admin -- list`
// Manages the admins table from the command line (with the app stopped when it runs on the
// embedded database: one process per data directory).
import { eq } from 'drizzle-orm';
import { loadConfig, loadDotEnv } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { admins, users } from '../src/server/db/schema.ts';
import { grantAdmin, revokeAdmin } from '../src/server/features/accounts/accounts.service.ts';

const [command, email] = process.argv.slice(2);
const usage = 'Usage: npm run admin -- grant <email> | revoke <email> | list';

if (!command || !['grant', 'revoke', 'list'].includes(command) || (command !== 'list' && !email)) {
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
