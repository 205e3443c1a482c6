/** Tenant schemas (SPEC §3 Tenant, §5 Tenant). Limits come from TENANT_RULES. */
import Type, { type Static } from 'typebox';
import { TENANT_RULES } from '../rules.js';
import { codeNameListBody, IdsStatusBody, StatusValueSchema } from './common.js';

const fields = {
  code: Type.String({ minLength: 1, maxLength: TENANT_RULES.code.max }),
  name: Type.String({ minLength: 1, maxLength: TENANT_RULES.name.max }),
  abbreviation: Type.String({ minLength: 1, maxLength: TENANT_RULES.abbreviation.max }),
  logo: Type.String({ minLength: 1, maxLength: 64 }),
  address: Type.String({ minLength: 1, maxLength: TENANT_RULES.address.max }),
  status: StatusValueSchema,
  description: Type.Optional(Type.String({ maxLength: TENANT_RULES.description.max })),
};

export const TenantAddBody = Type.Object(fields);
export type TenantAddBody = Static<typeof TenantAddBody>;
export const TenantEditBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }), ...fields });
export type TenantEditBody = Static<typeof TenantEditBody>;

export const TenantStatusBody = IdsStatusBody;
export type TenantStatusBody = Static<typeof TenantStatusBody>;

/** Sortable columns of the tenant grid. */
export const TENANT_SORT_FIELDS = ['code', 'name', 'status', 'createdAt', 'updatedAt'] as const;

/** `listtenant` / `exporttenant`: paging, sort and the grid's filters. */
export const TenantListBody = codeNameListBody(TENANT_SORT_FIELDS);
export type TenantListBody = Static<typeof TenantListBody>;

/** A tenant as the grid and form see it. */
export interface TenantRow {
  id: string;
  code: string;
  name: string;
  abbreviation: string;
  logo: string;
  /** URL of the logo image, without the `code` query the console adds. */
  logoUrl: string;
  address: string;
  status: 0 | 1;
  description: string;
  builtIn: boolean;
  creator: string;
  createdAt: string;
  updatedAt: string;
}
