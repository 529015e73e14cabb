import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client.ts';
import { assemblies, contentVersions, devotionalDays, devotionalWeeks, sermons } from './schema.ts';

// Reference content lives in editable JSON files under CONTENT_DIR (the church edits them).
// A file is applied when its hash differs from the last one applied, so restarts are
// idempotent and do not undo edits made later through the admin screens.

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// link' });

const appointmentLetterSchema = z.object({
  title: z.string().trim().min(1).max(160),
  paragraphs: z.array(z.string().trim().min(1).max(2000)).min(1).max(12),
});

export const churchSchema = z.object({
  productName: z.string().trim().min(1).max(40),
  churchName: z.string().trim().min(1).max(120),
  registeredName: z.string().trim().min(1).max(160),
  logoUrl: z.string().min(1),
  colors: z.object({
    primary: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    onPrimary: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    accent: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  }),
  audioChannelUrl: httpsUrl,
  supportEmail: z
    .email()
    .or(z.literal(''))
    .transform((v) => v || undefined),
  banks: z.object({
    fidelity: z.object({ accountNumber: z.string().min(1), branch: z.string().min(1) }),
    prudential: z.object({ accountNumber: z.string().min(1), branch: z.string().min(1) }),
  }),
  // Appointment letters of approved pastors (spec §2 Appointment view): the wording and who
  // signs. {name}, {assembly}, {role} and {effectiveDate} are filled in.
  appointmentLetters: z
    .object({
      signatories: z
        .array(
          z.object({
            name: z.string().trim().min(1).max(120),
            title: z.string().trim().min(1).max(120),
          }),
        )
        .min(1)
        .max(3),
      full: appointmentLetterSchema,
      lay: appointmentLetterSchema,
    })
    .optional(),
});
export type Church = z.infer<typeof churchSchema>;

const assembliesSchema = z
  .array(z.object({ slug: z.string().regex(/^[a-z0-9-]+$/), label: z.string().trim().min(1) }))
  .min(1);

const sermonsSchema = z.object({
  sermons: z.array(
    z.object({
      id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/),
      title: z.string().trim().min(1).max(200),
      videoId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character video id'),
    }),
  ),
});

const devotionalSchema = z.object({
  weeks: z.array(
    z.object({
      id: z.number().int().positive(),
      title: z.string().trim().min(1).max(200),
      days: z.array(
        z.object({
          day: z.number().int().positive(),
          title: z.string().trim().min(1).max(200),
          documentUrl: httpsUrl.nullable().optional(),
        }),
      ),
    }),
  ),
});

export class ContentError extends Error {
  override name = 'ContentError';
}

function readContent<T>(contentDir: string, file: string, schema: z.ZodType<T>) {
  const filePath = path.join(contentDir, file);
  let raw: string;
  try {
    raw = fs.readFileSync(filePath, 'utf8');
  } catch {
    throw new ContentError(`Content file missing: ${filePath}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new ContentError(
      `Content file ${filePath} is not valid JSON: ${(error as Error).message}`,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ContentError(`Content file ${filePath} has errors:\n${issues.join('\n')}`);
  }
  return { value: parsed.data, hash: createHash('sha256').update(raw).digest('hex') };
}

export function loadChurch(contentDir: string): Church {
  return readContent(contentDir, 'church.json', churchSchema).value;
}

async function applyIfChanged(
  db: Db,
  name: string,
  hash: string,
  apply: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialise concurrent starts of several instances on one database.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [current] = await tx
      .select({ hash: contentVersions.hash })
      .from(contentVersions)
      .where(eq(contentVersions.name, name));
    if (current?.hash === hash) return false;
    await apply(tx as unknown as Db);
    await tx
      .insert(contentVersions)
      .values({ name, hash })
      .onConflictDoUpdate({ target: contentVersions.name, set: { hash, appliedAt: new Date() } });
    return true;
  });
}

/** Loads assemblies, sermons and the devotional from the content files. Returns what changed. */
export async function loadContent(db: Db, contentDir: string): Promise<string[]> {
  const assemblyFile = readContent(contentDir, 'assemblies.json', assembliesSchema);
  const sermonFile = readContent(contentDir, 'sermons.json', sermonsSchema);
  const devotionalFile = readContent(contentDir, 'devotional.json', devotionalSchema);
  const changed: string[] = [];

  if (
    await applyIfChanged(db, 'assemblies', assemblyFile.hash, async (tx) => {
      const rows = assemblyFile.value.map((a, i) => ({ ...a, position: i + 1, active: true }));
      for (const row of rows) {
        await tx
          .insert(assemblies)
          .values(row)
          .onConflictDoUpdate({
            target: assemblies.slug,
            set: { label: row.label, position: row.position, active: true },
          });
      }
      // Removed assemblies stay (members and gifts refer to them) but are no longer offered.
      await tx
        .update(assemblies)
        .set({ active: false })
        .where(
          notInArray(
            assemblies.slug,
            rows.map((r) => r.slug),
          ),
        );
    })
  )
    changed.push('assemblies');

  if (
    await applyIfChanged(db, 'sermons', sermonFile.hash, async (tx) => {
      const list = sermonFile.value.sermons;
      for (const [i, s] of list.entries()) {
        const values = {
          title: s.title,
          videoId: s.videoId,
          position: i + 1,
          updatedAt: new Date(),
        };
        await tx
          .insert(sermons)
          .values({ id: s.id, ...values })
          .onConflictDoUpdate({ target: sermons.id, set: values });
      }
    })
  )
    changed.push('sermons');

  if (
    await applyIfChanged(db, 'devotional', devotionalFile.hash, async (tx) => {
      for (const [i, week] of devotionalFile.value.weeks.entries()) {
        const weekValues = { title: week.title, position: i + 1, updatedAt: new Date() };
        await tx
          .insert(devotionalWeeks)
          .values({ id: week.id, ...weekValues })
          .onConflictDoUpdate({ target: devotionalWeeks.id, set: weekValues });
        for (const day of week.days) {
          const dayValues = {
            title: day.title,
            documentUrl: day.documentUrl ?? null,
            updatedAt: new Date(),
          };
          await tx
            .insert(devotionalDays)
            .values({ weekId: week.id, day: day.day, ...dayValues })
            .onConflictDoUpdate({
              target: [devotionalDays.weekId, devotionalDays.day],
              set: dayValues,
            });
        }
      }
    })
  )
    changed.push('devotional');

  return changed;
}
