/**
 * The two kinds of mapping of the tenant area (SPEC §2 orgMappingManagement, employeeMappingManagement;
 * docs/tenant-apps.md): what the one mapping screen (MappingManagement) needs to know of each — its menu
 * (write controls and API grants are per menu), its calls, its texts (`mapping:<kind>.*`), the subject
 * (an organisation in the tenant's lazy tree, or a user chosen in the caller's data scope), the external
 * field (the application's organisation code, or the user's account in the application) with its rules
 * from MAPPING_RULES, its grid columns and the server codes that belong on a form field.
 */
import type { ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import {
  MappingCodes,
  ORG_MAPPING_SORT_FIELDS,
  USER_MAPPING_SORT_FIELDS,
  type OrgMappingAddBody,
  type OrgMappingEditBody,
  type OrgMappingRow,
  type Paged,
  type UserMappingAddBody,
  type UserMappingEditBody,
  type UserMappingRow,
} from '@mp/protocol';
import { TenantOrgTreeSelect } from '../TenantOrgTree';
import type { GridQuery } from '../DataGrid';
import {
  addOrgMapping,
  addUserMapping,
  deleteOrgMappings,
  deleteUserMappings,
  editOrgMapping,
  editUserMapping,
  listOrgMappings,
  listUserMappings,
  type MappingKind,
} from '../../api/mapping';
import type { RequestOptions } from '../../api/client';
import UserSelect from './user-select';

/** The form's values: application, subject (`orgId` / `userId`), external field, external name. */
export type MappingFormValues = { productId: string; externalName?: string } & Record<string, string | undefined>;

/** An add / modify body: application, subject, external field and name (the kind's field names). */
type MappingBody = Record<string, string>;

/** The grid's filters above the table (application; organisation with its subtree). */
export interface MappingFilterValues {
  productId?: string;
  orgId?: string;
}

/** What every mapping row has. */
export interface MappingRowBase {
  id: string;
  productId: string;
  externalName: string;
}

/** Everything kind-specific about a mapping screen. */
export interface MappingKindDef<R extends MappingRowBase> {
  kind: MappingKind;
  /** The tenant menu (code) of the screen. */
  menu: 'orgMappingManagement' | 'employeeMappingManagement';
  /** Query key of the grid (and of its reloads). */
  queryKey: string;
  /** The text group under `mapping:` (`org` / `user`). */
  text: 'org' | 'user';
  /** Form field of the subject and of the external code / account (its rules: MAPPING_RULES[external]). */
  subject: 'orgId' | 'userId';
  external: 'externalCode' | 'externalAccount';
  /** Text keys (under `mapping:`) of the subject's label, the external field's label and placeholder. */
  subjectLabel: string;
  externalLabel: string;
  externalPlaceholder: string;
  tableWidth: number;
  keywordWidth: number;
  /** The list's server-side sort fields (the protocol's closed set; the grid sends no other). */
  sortFields: readonly string[];
  /** One page; a sort field outside `sortFields` is not sent. */
  list: (q: GridQuery & MappingFilterValues) => Promise<Paged<R>>;
  remove: (ids: string[]) => Promise<number>;
  /** The add and modify calls, with the body `mappingBody` makes. */
  add: (body: MappingBody, opts: RequestOptions) => Promise<unknown>;
  edit: (body: MappingBody & { id: string }, opts: RequestOptions) => Promise<unknown>;
  /** What a new mapping starts with, from the grid's filters. */
  defaults: (f: MappingFilterValues) => Partial<MappingFormValues>;
  /** The subject's chooser; `row`: the mapping being modified (its subject named before any search). */
  subjectPicker: (t: TFunction, row: R | undefined) => ReactNode;
  /** The grid's columns between the application and the creator. */
  columns: (t: TFunction) => TableColumnsType<R>;
  /** How a row is named in the delete confirmation. */
  rowName: (row: R) => string;
  /** Server codes shown on a form field. */
  fieldOfError: Record<string, string>;
}

const orDash = (v: string) => v || '-';
const fieldsOf = (def: Pick<MappingKindDef<MappingRowBase>, 'subject' | 'external'>) => ['productId', def.subject, def.external, 'externalName'];

/** The row's values for Modify. */
export function mappingValues<R extends MappingRowBase>(def: MappingKindDef<R>, row: R): MappingFormValues {
  return Object.fromEntries(fieldsOf(def).map((k) => [k, String(row[k as keyof R] ?? '')])) as MappingFormValues;
}

/** Adds (no row) or modifies the mapping of the form's values (trimmed); errors are not toasted (they stay in the form). */
export function saveMapping<R extends MappingRowBase>(def: MappingKindDef<R>, row: R | undefined, v: MappingFormValues): Promise<unknown> {
  const body = Object.fromEntries(fieldsOf(def).map((k) => [k, (v[k] ?? '').trim()]));
  return row ? def.edit({ id: row.id, ...body }, { noToast: true }) : def.add(body, { noToast: true });
}

export const ORG_MAPPING: MappingKindDef<OrgMappingRow> = {
  kind: 'org',
  menu: 'orgMappingManagement',
  queryKey: 'orgMappings',
  text: 'org',
  subject: 'orgId',
  external: 'externalCode',
  subjectLabel: 'org.org',
  externalLabel: 'org.externalCode',
  externalPlaceholder: 'org.placeholderCode',
  tableWidth: 1100,
  keywordWidth: 220,
  sortFields: ORG_MAPPING_SORT_FIELDS,
  list: (q) => listOrgMappings({ ...q, sortField: ORG_MAPPING_SORT_FIELDS.find((f) => f === q.sortField) }),
  remove: (ids) => deleteOrgMappings(ids),
  add: (b, o) => addOrgMapping(b as OrgMappingAddBody, o),
  edit: (b, o) => editOrgMapping(b as OrgMappingEditBody, o),
  defaults: (f) => ({ productId: f.productId, orgId: f.orgId }),
  subjectPicker: (t, row) => <TenantOrgTreeSelect placeholder={t('org.chooseOrg')} initialLabel={row?.orgName} allowClear={false} />,
  columns: (t) => [
    {
      title: t('org.org'),
      key: 'orgName',
      dataIndex: 'orgName',
      sorter: true,
      width: 180,
      ellipsis: true,
      render: (v: string, r) => <span title={r.orgCode}>{v}</span>,
    },
    { title: t('org.colCode'), key: 'externalCode', dataIndex: 'externalCode', sorter: true, width: 160, ellipsis: true },
    { title: t('org.colName'), key: 'externalName', dataIndex: 'externalName', width: 170, ellipsis: true, render: orDash },
  ],
  rowName: (r) => `${r.orgName} → ${r.externalCode}`,
  fieldOfError: {
    [MappingCodes.APP_NOT_FOUND]: 'productId',
    [MappingCodes.ORG_NOT_FOUND]: 'orgId',
    [MappingCodes.ORG_MAPPED]: 'orgId',
    [MappingCodes.CODE_IN_USE]: 'externalCode',
    [MappingCodes.CODE_PATTERN]: 'externalCode',
  },
};

const userLabel = (r: { username: string; employeeName: string }) => (r.employeeName ? `${r.username} (${r.employeeName})` : r.username);

export const USER_MAPPING: MappingKindDef<UserMappingRow> = {
  kind: 'user',
  menu: 'employeeMappingManagement',
  queryKey: 'userMappings',
  text: 'user',
  subject: 'userId',
  external: 'externalAccount',
  subjectLabel: 'user.user',
  externalLabel: 'user.externalAccount',
  externalPlaceholder: 'user.placeholderAccount',
  tableWidth: 1200,
  keywordWidth: 240,
  sortFields: USER_MAPPING_SORT_FIELDS,
  list: (q) => listUserMappings({ ...q, sortField: USER_MAPPING_SORT_FIELDS.find((f) => f === q.sortField) }),
  remove: (ids) => deleteUserMappings(ids),
  add: (b, o) => addUserMapping(b as UserMappingAddBody, o),
  edit: (b, o) => editUserMapping(b as UserMappingEditBody, o),
  defaults: (f) => ({ productId: f.productId }),
  subjectPicker: (_t, row) => <UserSelect initialLabel={row ? userLabel(row) : undefined} />,
  columns: (t) => [
    { title: t('user.username'), key: 'username', dataIndex: 'username', sorter: true, width: 160, ellipsis: true },
    { title: t('user.employeeName'), key: 'employeeName', dataIndex: 'employeeName', width: 120, ellipsis: true, render: orDash },
    { title: t('user.orgName'), key: 'orgName', dataIndex: 'orgName', width: 130, ellipsis: true, render: orDash },
    { title: t('user.colAccount'), key: 'externalAccount', dataIndex: 'externalAccount', sorter: true, width: 150, ellipsis: true },
    { title: t('user.colName'), key: 'externalName', dataIndex: 'externalName', width: 140, ellipsis: true, render: orDash },
  ],
  rowName: (r) => `${r.username} → ${r.externalAccount}`,
  fieldOfError: {
    [MappingCodes.APP_NOT_FOUND]: 'productId',
    [MappingCodes.USER_NOT_FOUND]: 'userId',
    [MappingCodes.USER_MAPPED]: 'userId',
    [MappingCodes.ACCOUNT_IN_USE]: 'externalAccount',
    [MappingCodes.CODE_PATTERN]: 'externalAccount',
  },
};
