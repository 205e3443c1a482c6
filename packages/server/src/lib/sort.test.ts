import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { orderTerms, sortColumn } from './sort.js';

const SORTS = { username: users.username, createdAt: users.createdAt };
const dialect = new PgDialect();
const text = (terms: ReturnType<typeof orderTerms>) => dialect.sqlToQuery(sql.join(terms, sql`, `)).sql;

describe('sort columns (lib/sort.ts)', () => {
  it("finds only the map's own fields: prototype names never reach a lookup", () => {
    expect(sortColumn(SORTS, 'username')).toBe(users.username);
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', undefined]) {
      expect(sortColumn(SORTS, name), String(name)).toBeUndefined();
    }
  });

  it('orders by the chosen column in its direction, then the tie breaker; else by the fallback', () => {
    expect(text(orderTerms(SORTS, { sortField: 'username', sortOrder: 'descend' }, sql`x desc`, users.id))).toBe('"users"."username" desc, "users"."id" asc');
    expect(text(orderTerms(SORTS, { sortField: 'createdAt' }, sql`x desc`, users.id))).toBe('"users"."created_at" asc, "users"."id" asc');
    expect(text(orderTerms(SORTS, { sortField: '__proto__', sortOrder: 'descend' }, sql`x desc`, users.id))).toBe('x desc, "users"."id" asc');
  });
});
