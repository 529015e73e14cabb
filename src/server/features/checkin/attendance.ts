import { sql } from 'drizzle-orm';
import type { AttendanceRow } from '../../../shared/schemas/checkin.ts';
import { m } from '../../../paraglide/messages.js';
import { checkins, checkinSessions, childCheckins, users } from '../../db/schema.ts';
import { toCsv } from '../../platform/csv.ts';
import { rowsOf, type Ctx } from './checkin.service.ts';

// Attendance: per session and per assembly, on screen and as CSV.

/** Attendance per session and per assembly of the members who came, newest first. */
export async function attendance(ctx: Ctx): Promise<AttendanceRow[]> {
  const rows = rowsOf<{
    session_id: string;
    title: string;
    opens_at: Date | string;
    assembly: string | null;
    members: number;
    children: number;
  }>(
    await ctx.db.execute(sql`
      with recent as (
        select id, title, opens_at from ${checkinSessions} order by opens_at desc limit 200
      ), people as (
        select c.session_id, u.assembly_name as assembly, count(*)::int as members, 0 as children
          from ${checkins} c join ${users} u on u.id = c.user_id
          where c.session_id in (select id from recent)
          group by c.session_id, u.assembly_name
        union all
        select k.session_id, s.assembly, 0, count(*)::int
          from ${childCheckins} k join ${checkinSessions} s on s.id = k.session_id
          where k.session_id in (select id from recent)
          group by k.session_id, s.assembly
      )
      select r.id as session_id, r.title, r.opens_at, p.assembly,
             sum(p.members)::int as members, sum(p.children)::int as children
        from recent r join people p on p.session_id = r.id
        group by r.id, r.title, r.opens_at, p.assembly
        order by r.opens_at desc, p.assembly nulls last
    `),
  );
  return rows.map((r) => ({
    sessionId: r.session_id,
    title: r.title,
    opensAt: new Date(r.opens_at).toISOString(),
    assembly: r.assembly,
    members: r.members,
    children: r.children,
  }));
}

export async function attendanceCsv(ctx: Ctx): Promise<string> {
  const rows = await attendance(ctx);
  const noAssembly = m.server_checkin_no_assembly();
  return toCsv(
    [
      m.server_checkin_csv_service(),
      m.server_checkin_csv_opens(),
      m.server_checkin_csv_assembly(),
      m.server_checkin_csv_members(),
      m.server_checkin_csv_children(),
    ],
    rows.map((r) => [r.title, r.opensAt, r.assembly ?? noAssembly, r.members, r.children]),
  );
}
