/**
 * The ORDER BY of a sorted grid (PROTOCOL.md "Response envelope" paging; docs/security.md "Input").
 * A list's sortable columns are a map from the protocol's closed sort-field list to a column, e.g.
 * `const SORTS: SortColumns<typeof USER_SORT_FIELDS> = { username: users.usernameLc, … }`; the route's
 * schema already refuses any other `sortField`, and the lookup here is own-property only, so a key such
 * as `__proto__` or `constructor` can never reach a column even if a schema were opened by mistake.
 */
import { asc, desc, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The sortable columns of a list, keyed by exactly its protocol sort fields. */
export type SortColumns<F extends readonly string[], C extends SQLWrapper = SQLWrapper> = Record<F[number], C>;

/** The column `field` names in `sorts` (own properties only), or undefined for none or an unknown name. */
export function sortColumn<C>(sorts: Readonly<Record<string, C>>, field: string | undefined): C | undefined {
  return field !== undefined && Object.hasOwn(sorts, field) ? sorts[field] : undefined;
}

/**
 * `ORDER BY` terms: the chosen column in `q.sortOrder` ('descend' or ascending) then `tie` ascending,
 * or, without a known sort field, `fallback` (already ordered, e.g. `desc(t.createdAt)`) then `tie`.
 */
export function orderTerms(
  sorts: Readonly<Record<string, SQLWrapper>>,
  q: { sortField?: string | undefined; sortOrder?: string | undefined },
  fallback: SQL | SQL[],
  tie: SQLWrapper,
): SQL[] {
  const col = sortColumn(sorts, q.sortField);
  if (!col) return [...[fallback].flat(), asc(tie)];
  return [q.sortOrder === 'descend' ? desc(col) : asc(col), asc(tie)];
}
