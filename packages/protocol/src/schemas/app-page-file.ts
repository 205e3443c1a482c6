/**
 * The setting file of a page (issue 14; SPEC §2 Page manager "setting file", §5 "invalid setting file
 * rejected"; docs/applications.md "Setting file format"), version 1: its TypeBox schema and node shape.
 * The server checks a file with `SettingFileDocument` first, then with the domain rules (nesting,
 * duplicates, field rules, API urls of the application).
 */
import Type, { type Static, type TSchema } from 'typebox';
import { MAX_LEN } from '../rules.js';
import { APP_PAGE_RULES, PlatformTypeSchema, SETTING_FILE_MAX_NODES, SETTING_FILE_VERSION } from './app-page.js';

const fileText = (max: number) => Type.String({ maxLength: max });
const fileNodeFields = {
  name: fileText(MAX_LEN.middle),
  alias: Type.Optional(fileText(MAX_LEN.middle)),
  selector: Type.Optional(fileText(MAX_LEN.huge)),
  selectorIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: APP_PAGE_RULES.selectorIndex.max })),
  fieldName: Type.Optional(fileText(MAX_LEN.middle)),
  dataSource: Type.Optional(fileText(MAX_LEN.huge)),
  custom: Type.Optional(Type.Boolean()),
  /** API urls of the application's registry. */
  loadApis: Type.Optional(Type.Array(fileText(500), { maxItems: APP_PAGE_RULES.apis.max })),
  saveApis: Type.Optional(Type.Array(fileText(500), { maxItems: APP_PAGE_RULES.apis.max })),
};
const closed = { additionalProperties: false } as const;
export const SettingFileColumn = Type.Object(
  {
    name: fileText(MAX_LEN.middle),
    fieldName: Type.Optional(fileText(MAX_LEN.middle)),
    alias: Type.Optional(fileText(MAX_LEN.middle)),
  },
  closed,
);
const many = { maxItems: SETTING_FILE_MAX_NODES };
// A control deeper than the rules allow is still read (type only) so the answer names the nesting rule.
const DeepControl = Type.Object({ type: fileText(20) });
const controlWith = <C extends TSchema>(inner: C) =>
  Type.Object(
    {
      type: fileText(20),
      ...fileNodeFields,
      controls: Type.Optional(Type.Array(inner, many)),
      columns: Type.Optional(Type.Array(SettingFileColumn, many)),
    },
    closed,
  );
const SettingFileControl2 = controlWith(DeepControl);
export const SettingFileControl = controlWith(SettingFileControl2);
export const SettingFileForm = Type.Object({ ...fileNodeFields, controls: Type.Optional(Type.Array(SettingFileControl, many)) }, closed);
export const SettingFilePage = Type.Object(
  {
    formId: fileText(MAX_LEN.middle),
    name: fileText(MAX_LEN.middle),
    path: fileText(MAX_LEN.huge),
    platformType: PlatformTypeSchema,
  },
  closed,
);
/** A setting file (checked after `version`, which is read first so an unknown version says so). */
export const SettingFileDocument = Type.Object(
  {
    version: Type.Literal(SETTING_FILE_VERSION),
    page: SettingFilePage,
    forms: Type.Array(SettingFileForm, { maxItems: 1000 }),
  },
  closed,
);
export type SettingFileDocument = Static<typeof SettingFileDocument>;
export interface SettingFileNode {
  type?: string;
  name: string;
  alias?: string;
  selector?: string;
  selectorIndex?: number;
  fieldName?: string;
  dataSource?: string;
  custom?: boolean;
  loadApis?: string[];
  saveApis?: string[];
  controls?: SettingFileNode[];
  columns?: SettingFileNode[];
}
