/** Shared request schemas (TypeBox; PROTOCOL.md "Response envelope" paging). */
import Type from 'typebox';
import { PAGE_SIZE_MAX } from '../envelope.js';

export const PageQuerySchema = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 10 })),
  sortField: Type.Optional(Type.String({ maxLength: 50 })),
  sortOrder: Type.Optional(Type.Union([Type.Literal('ascend'), Type.Literal('descend')])),
};

/** `{ ids: string[] }`: at least one id (SPEC §5 Generic "select at least one record"). */
export const IdsBody = Type.Object({ ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 }) });
export const IdBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const StatusValueSchema = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** `{ ids, status }`: enable or disable records in batch (SPEC §2 generic grids). */
export const IdsStatusBody = Type.Object({ ids: IdsBody.properties.ids, status: StatusValueSchema });

/** A grid list body with the usual filters: keyword, code, name, status, plus paging and sort. */
export const CodeNameListBody = Type.Object({
  ...PageQuerySchema,
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
