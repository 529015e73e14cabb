import { sql, type SQL } from 'drizzle-orm';
import type { ReceiptEntryKind } from '../../../shared/constants.ts';

// Which gifts count toward which pledge (decision 035). A gift counts toward at most one
// pledge: the one the member linked it to (pledge_gifts), or else, by its type, the member's
// pledge of that type it falls within (made after the pledge, by its date, and for a campaign
// pledge within the campaign's assembly and dates), the one due soonest when several do.
// The automatic part is worked out when read, never stored: nothing to keep in step when a
// gift is confirmed, deleted or linked elsewhere.

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Ghana's today (UTC) as YYYY-MM-DD. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The end of a day (YYYY-MM-DD column or value) as a timestamptz: the next day's 00:00 UTC. */
export const endOfDay = (day: SQL) => sql`((${day})::date + 1)::timestamp at time zone 'UTC'`;
export const startOfDay = (day: SQL) => sql`(${day})::date::timestamp at time zone 'UTC'`;

/**
 * Every confirmed gift of members (those of `userId` alone when given): card and mobile
 * money paid, cash received by the desk, bank transfers found on the statement (as the
 * history's year-to-date counts them). Deleted entries count for nothing.
 */
export function confirmedGiftsSql(userId: string | null): SQL {
  const who = (table: string) =>
    userId === null
      ? sql.raw(`${table}.user_id is not null`)
      : sql`${sql.raw(table)}.user_id = ${userId}`;
  return sql`
    select 'transaction'::text as kind, id, user_id, type, assembly, amount, created_at
      from transactions where status = 'success' and ${who('transactions')}
    union all
    select 'cash'::text, id, user_id, type, assembly, amount, created_at
      from cash_offerings where status = 'received' and not deleted and ${who('cash_offerings')}
    union all
    select 'bank'::text, id, user_id, type, assembly, amount, created_at
      from bank_transfers where status = 'matched' and not deleted and ${who('bank_transfers')}`;
}

/**
 * Each counted gift with the pledge it counts toward (pledge_id, how), for the pledges that
 * `pledgeFilter` keeps (a condition on `p`). Linked by the member first; then by type.
 */
export function countedGiftsSql(userId: string | null, pledgeFilter: SQL): SQL {
  return sql`
    with g as (${confirmedGiftsSql(userId)}),
    linked as (
      select l.pledge_id, 'member'::text as how, g.*
      from pledge_gifts l join g on g.kind = l.gift_kind and g.id = l.gift_id
    ),
    by_type as (
      select distinct on (g.kind, g.id) p.id as pledge_id, 'auto'::text as how, g.*
      from g
      join pledges p on p.user_id = g.user_id and p.type = g.type
        and g.created_at >= p.created_at and g.created_at < ${endOfDay(sql`p.due_on`)}
      left join campaigns c on c.id = p.campaign_id
      where not exists (
          select 1 from pledge_gifts l where l.gift_kind = g.kind and l.gift_id = g.id)
        and (c.id is null or (
          (c.assembly is null or c.assembly = g.assembly)
          and g.created_at >= ${startOfDay(sql`c.starts_on`)}
          and g.created_at < ${endOfDay(sql`c.ends_on`)}))
      order by g.kind, g.id, p.due_on, p.created_at, p.id
    )
    select x.* from (select * from linked union all select * from by_type) x
    join pledges p on p.id = x.pledge_id
    where ${pledgeFilter}`;
}

export interface CountedRow {
  pledge_id: string;
  how: 'auto' | 'member';
  kind: ReceiptEntryKind;
  id: string;
  type: string;
  assembly: string;
  amount: number;
  created_at: string | Date;
}

export const iso = (value: string | Date) => new Date(value).toISOString();
export const day = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : dayOf(value);
