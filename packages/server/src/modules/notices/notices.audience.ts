/**
 * Who a notice reaches, evaluated in SQL at read time (issue 16 "Notices"; docs/notices.md "Audience").
 * Nothing is copied per user at publish time, so a user who moves organisation, joins or leaves a role, or
 * stops being the application's user (`isAppUser`) sees the change at the next read.
 *
 * A user's audience keys: ('tenant', their tenant), ('user', their id), ('org', their organisation),
 * ('orgtree', every organisation on their organisation's path — itself and its ancestors), ('role', each
 * enabled tenant role they hold), ('approle', each enabled application role they hold). A notice reaches
 * the user when one of its `notice_targets` rows equals one of these keys (index notice_targets_live_idx)
 * and the user is a user of the notice's application (`isAppUser`, evaluated once per application, not per
 * notice). Live: published, publish time passed, not expired, application enabled.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isAppUser, usersAs } from '../appusers/app-users.scope.js';

/**
 * CTEs `me` (the user), `apps` (enabled applications the user may use: id, name), `keys` (kind, target)
 * and `live` (the live notices reaching the user, once each: id, product_id, pinned, publish_at). `live`
 * reads only the partial index notice_targets_live_idx (the targets carry the published notice's times and
 * pinned flag), so it never visits the notices. The application test is a hashed set (`is true` keeps the
 * planner from a semi-join, which on a low row estimate scanned `apps` once per target row: the audience
 * step went from 11.4 to 9.1 ms for 2,601 targets in bench/notices.ts). Use as the head of a statement:
 * sql`${liveNoticesCte(userId)} select … from live …`.
 */
export function liveNoticesCte(userId: string): SQL {
  return sql`with me as materialized (
      select u.id, u.tenant_id, u.org_id, coalesce(o.path, '') as path from users u left join organisations o on o.id = u.org_id where u.id = ${userId}),
    apps as materialized (select p.id, p.name from products p, me u where p.status = 1 and ${isAppUser(sql.raw('p.id'), usersAs('u'))}),
    keys as materialized (
      select 'tenant'::text as kind, me.tenant_id as target from me
      union all select 'user', me.id from me
      union all select 'org', me.org_id from me where me.org_id is not null
      union all select 'orgtree', x from me, unnest(string_to_array(trim(both '/' from me.path), '/')) x where me.path <> ''
      union all select 'role', ru.role_id from me join role_users ru on ru.tenant_id = me.tenant_id and ru.user_id = me.id
        join roles r on r.id = ru.role_id and r.status = 1
      union all select 'approle', aru.role_id from me join app_role_users aru on aru.user_id = me.id
        join app_roles ar on ar.id = aru.role_id and ar.status = 1),
    live as materialized (select t.notice_id as id, min(t.product_id) as product_id, bool_or(t.pinned) as pinned, max(t.live_from) as publish_at
      from keys k join notice_targets t on t.kind = k.kind and t.target_id = k.target
      where t.live_from is not null and t.live_from <= now() and (t.live_until is null or t.live_until > now())
        and (t.product_id in (select id from apps)) is true
      group by t.notice_id)`;
}

/** SQL condition on `live` rows aliased `l`: the user has not opened the notice (one scan of their reads, hashed). */
export function unreadBy(userId: string): SQL {
  return sql`l.id not in (select r.notice_id from notice_reads r where r.user_id = ${userId})`;
}

/**
 * SQL condition on a `users` row aliased `u`: the user is in notice `noticeId`'s audience (the same keys as
 * `liveNoticesCte`, from the targets' side) — for read receipts. The caller adds `isAppUser`.
 */
export function inNoticeAudience(noticeId: string): SQL {
  return sql`exists (select 1 from notice_targets nt where nt.notice_id = ${noticeId} and (
      (nt.kind = 'tenant' and nt.target_id = u.tenant_id)
      or (nt.kind = 'user' and nt.target_id = u.id)
      or (nt.kind = 'org' and nt.target_id = u.org_id)
      or (nt.kind = 'orgtree' and exists (select 1 from organisations uo where uo.id = u.org_id and uo.tenant_id = u.tenant_id
        and position('/' || nt.target_id || '/' in uo.path) > 0))
      or (nt.kind = 'role' and exists (select 1 from role_users ru join roles r on r.id = ru.role_id and r.status = 1
        where ru.role_id = nt.target_id and ru.user_id = u.id and ru.tenant_id = u.tenant_id))
      or (nt.kind = 'approle' and exists (select 1 from app_role_users aru join app_roles ar on ar.id = aru.role_id and ar.status = 1
        where aru.role_id = nt.target_id and aru.user_id = u.id))))`;
}
