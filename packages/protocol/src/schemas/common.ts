/** Shared request schemas (TypeBox; PROTOCOL.md "Response envelope" paging). */
import Type from 'typebox';
import { PAGE_SIZE_MAX } from '../envelope.js';

/** The highest page a paged request may ask for (bounds OFFSET; a client beyond it gets HTTP 400). */
export const PAGE_MAX = 1_000_000;

/**
 * Paging without sorting: `page` 1..PAGE_MAX, `pageSize` 1..PAGE_SIZE_MAX (PROTOCOL.md "Response
 * envelope"). Lists that sort use `pageQuery(fields)`.
 */
export const PagingSchema = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 10 })),
};

/** `sortOrder` of a sorted list: the grid's two directions. */
export const SortOrderSchema = Type.Union([Type.Literal('ascend'), Type.Literal('descend')]);

/**
 * `sortField` and `sortOrder` of a list that sorts by `fields` (a closed set: any other value is HTTP
 * 400, so a repository never looks up a client-chosen key such as `__proto__`). Usage:
 * `Type.Object({ ...pageQuery(USER_SORT_FIELDS), keyword: … })` with
 * `export const USER_SORT_FIELDS = ['username', 'updatedAt'] as const`.
 */
export function sortQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  return {
    // The explicit type argument keeps the literal names in `Static` (inferred, it widens to string | number).
    sortField: Type.Optional(Type.Enum<[...F]>([...fields])),
    sortOrder: Type.Optional(SortOrderSchema),
  };
}

/** Paging plus a closed set of sort fields (`sortQuery`). */
export function pageQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  return { ...PagingSchema, ...sortQuery(fields) };
}

/**
 * @deprecated Open `sortField` string: replace with `pageQuery(FIELDS)` (closed set) or `PagingSchema`.
 * The schema lint (server lib/schema-lint.ts) refuses a route that still uses it.
 */
export const PageQuerySchema = {
  ...PagingSchema,
  sortField: Type.Optional(Type.String({ maxLength: 50 })),
  sortOrder: Type.Optional(SortOrderSchema),
};

/** `{ ids: string[] }`: at least one id (SPEC §5 Generic "select at least one record"). */
export const IdsBody = Type.Object({ ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 }) });
export const IdBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
/**
 * The body of a POST that takes no input: none at all (the console sends the captcha, code and
 * recovery calls without one) or a JSON object (`{}`), whose fields are ignored.
 */
export const EmptyBody = Type.Union([Type.Null(), Type.Object({})]);
export const StatusValueSchema = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** `{ ids, status }`: enable or disable records in batch (SPEC §2 generic grids). */
export const IdsStatusBody = Type.Object({ ids: IdsBody.properties.ids, status: StatusValueSchema });

/**
 * A grid list body with the usual filters: keyword, code, name, status, plus paging and a sort over
 * `fields` (the list's closed set of sort fields).
 */
export const codeNameListBody = <const F extends readonly [string, ...string[]]>(fields: F) =>
  Type.Object({
    ...pageQuery(fields),
    keyword: Type.Optional(Type.String({ maxLength: 50 })),
    code: Type.Optional(Type.String({ maxLength: 50 })),
    name: Type.Optional(Type.String({ maxLength: 50 })),
    status: Type.Optional(StatusValueSchema),
  });

/** A node of an organisation tree (SPEC §3 Organisation), for pickers. */
export interface OrgTreeNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  /** 0–6: none, group, company, department, sub-department, field, franchise store. */
  type: number;
  status: number;
  children: OrgTreeNode[];
}
