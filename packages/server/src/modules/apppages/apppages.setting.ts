/**
 * The setting file of a page (SPEC §2 Page manager "setting file"; §5 "invalid setting file rejected"; §8
 * 'Invalid page information, please check the setting file'; docs/applications.md "Setting file format"):
 * reading a file into a checked plan (TypeBox schema, then the §4 nesting rules, the duplicate rule, the
 * field rules and the application's API urls), applying a plan to a page's tree, and writing a page's file.
 *
 * Applying keeps the id of every node the file still describes (same parent, type and name,
 * case-insensitively), so the grants roles hold on those controls survive an export → edit → import
 * round trip; nodes the file no longer has are deleted (their grants by trigger), which needs `confirm`
 * when roles hold grants on them.
 */
import { randomUUID } from 'node:crypto';
import { Compile } from 'typebox/compile';
import {
  APP_PAGE_RULES,
  AppPageCodes,
  CONTROL_TYPES,
  nestingProblem,
  SETTING_FILE_MAX_BYTES,
  SETTING_FILE_MAX_NODES,
  SETTING_FILE_VERSION,
  SettingFileDocument,
  type AppPageNode,
  type ConfirmOutcome,
  type PageNodeTypeValue,
  type PlatformTypeValue,
  type SettingFileNode,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { checkText } from '../../lib/validate.js';
import * as repo from './apppages.repository.js';
import { checkNodeValues, duplicateProblem, type NodeValues, type SiblingShape } from './apppages.tree.js';

const checkDocument = Compile(SettingFileDocument);

/** A node of a checked plan: `key` / `parentKey` are the file's paths; API ids already resolved. */
export interface PlannedNode {
  key: string;
  parentKey: string | null;
  nodeType: PageNodeTypeValue;
  sort: number;
  values: NodeValues;
}

/** A checked setting file: the page section and the nodes, parents before children. */
export interface SettingPlan {
  page: { formId: string; name: string; path: string; platformType: PlatformTypeValue };
  nodes: PlannedNode[];
}

const invalid = (code: string, params: Record<string, unknown> = {}) => new AppError(code, params);

/** Runs a field check, turning its failure into the file's FILE_FIELD at `at`. */
function field<T>(at: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof AppError) throw invalid(AppPageCodes.FILE_FIELD, { at });
    throw e;
  }
}

/**
 * Parses and checks a setting file's text against the application (`productId`: its API registry).
 * Nothing is written. @throws one of the `apppage.file_*` codes, each saying 'Invalid page information,
 * please check the setting file' with the reason and where.
 */
export async function readSettingFile(tx: Tx, productId: string, content: string): Promise<SettingPlan> {
  if (Buffer.byteLength(content, 'utf8') > SETTING_FILE_MAX_BYTES) throw invalid(AppPageCodes.FILE_TOO_LARGE, { max: SETTING_FILE_MAX_BYTES });
  let doc: unknown;
  try {
    doc = JSON.parse(content);
  } catch {
    throw invalid(AppPageCodes.FILE_JSON);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw invalid(AppPageCodes.FILE_SHAPE, { at: '/', detail: 'must be an object' });
  const version = (doc as { version?: unknown }).version;
  if (version !== SETTING_FILE_VERSION) throw invalid(AppPageCodes.FILE_VERSION, { version: String(version).slice(0, 20) });
  if (!checkDocument.Check(doc)) {
    const errors = [...checkDocument.Errors(doc)];
    const first = errors.find((e) => e.keyword !== 'boolean') ?? errors[0];
    throw invalid(AppPageCodes.FILE_SHAPE, { at: first?.instancePath || '/', detail: first?.message ?? '' });
  }
  const file = doc as SettingFileDocument;
  const page = {
    formId: field('/page/formId', () =>
      checkText('formId', file.page.formId, { required: true, max: APP_PAGE_RULES.formId.max, pattern: APP_PAGE_RULES.formId.pattern }),
    ),
    name: field('/page/name', () =>
      checkText('pageName', file.page.name, { required: true, max: APP_PAGE_RULES.name.max, pattern: APP_PAGE_RULES.name.pattern }),
    ),
    path: field('/page/path', () => checkText('pagePath', file.page.path, { required: true, max: APP_PAGE_RULES.path.max })),
    platformType: file.page.platformType,
  };
  const nodes: PlannedNode[] = [];
  const walk = (
    list: SettingFileNode[],
    parentKey: string | null,
    parentType: PageNodeTypeValue | null,
    at: string,
    childKind: 'forms' | 'controls' | 'columns',
  ) => {
    const siblings: SiblingShape[] = [];
    list.forEach((n, i) => {
      const here = `${at}/${childKind}/${i}`;
      const type: string = childKind === 'forms' ? 'form' : childKind === 'columns' ? 'column' : (n.type ?? '');
      if (childKind === 'controls' && !(CONTROL_TYPES as readonly string[]).includes(type))
        throw invalid(AppPageCodes.FILE_TYPE, { at: here, type: type.slice(0, 20) });
      const nodeType = type as PageNodeTypeValue;
      if (nestingProblem(parentType, nodeType)) throw invalid(AppPageCodes.FILE_NESTING, { at: here });
      if (nodes.length >= SETTING_FILE_MAX_NODES) throw invalid(AppPageCodes.FILE_TOO_MANY, { max: SETTING_FILE_MAX_NODES });
      const values = field(here, () => checkNodeValues(nodeType, { ...n, loadApiIds: n.loadApis, saveApiIds: n.saveApis }));
      const dup = duplicateProblem({ nodeType, name: values.name, fieldName: values.fieldName }, siblings);
      if (dup) throw invalid(AppPageCodes.FILE_DUPLICATE, { at: here, name: dup.name });
      siblings.push({ nodeType, name: values.name, fieldName: values.fieldName });
      nodes.push({ key: here, parentKey, nodeType, sort: i, values });
      const kids = n.controls ?? [];
      const cols = n.columns ?? [];
      if (kids.length) walk(kids, here, nodeType, here, 'controls');
      if (cols.length) walk(cols, here, nodeType, here, 'columns');
    });
  };
  walk(file.forms as SettingFileNode[], null, null, '', 'forms');
  // Function definitions name APIs by url: resolve them in the application's registry.
  const wanted = nodes.flatMap((n) => [...n.values.loadApiIds, ...n.values.saveApiIds]);
  const found = new Map((await repo.findApisByUrls(tx, productId, wanted)).map((a) => [a.url.toLowerCase(), a.id]));
  const resolve = (list: string[]) =>
    list.map((u) => {
      const id = found.get(u.toLowerCase());
      if (id === undefined) throw invalid(AppPageCodes.FILE_API, { url: u.slice(0, 200) });
      return id;
    });
  for (const n of nodes) {
    n.values.loadApiIds = [...new Set(resolve(n.values.loadApiIds))];
    n.values.saveApiIds = [...new Set(resolve(n.values.saveApiIds))];
  }
  return { page, nodes };
}

/**
 * Replaces a page's tree by a plan, in the caller's transaction: nodes still described keep their ids
 * (and grants), others are deleted, new ones inserted. Without `confirm`, when roles hold grants on nodes
 * that would go, nothing is written and the outcome says how many roles.
 */
export async function applyPlan(tx: Tx, productId: string, pageId: string, plan: SettingPlan, confirm: boolean): Promise<ConfirmOutcome> {
  const m = matchPlan(await repo.listNodesOfPage(tx, productId, pageId), plan, productId, pageId);
  const roles = await repo.countRolesGranted(tx, m.gone);
  if (roles > 0 && !confirm) return { confirmRequired: true, roles, count: 0 };
  await repo.deleteNodesByIds(tx, productId, m.gone);
  for (const { record: r, planned: n } of m.kept) {
    const v = n.values;
    const same =
      r.sort === n.sort &&
      r.name === v.name &&
      r.alias === v.alias &&
      r.selector === v.selector &&
      r.selectorIndex === v.selectorIndex &&
      r.fieldName === v.fieldName &&
      r.dataSource === v.dataSource &&
      r.custom === v.custom &&
      r.loadApiIds.join() === v.loadApiIds.join() &&
      r.saveApiIds.join() === v.saveApiIds.join();
    if (!same) await repo.updateNodeById(tx, productId, r.id, { sort: n.sort, ...v });
  }
  await repo.insertNodes(tx, m.inserts);
  return { confirmRequired: false, roles, count: plan.nodes.length };
}

/** How many roles hold grants on the nodes of a page that applying `plan` would delete (nothing written). */
export async function rolesDroppedBy(tx: Tx, productId: string, pageId: string, plan: SettingPlan): Promise<number> {
  return repo.countRolesGranted(tx, matchPlan(await repo.listNodesOfPage(tx, productId, pageId), plan, productId, pageId).gone);
}

/** Matches a plan to a page's current nodes: kept (same parent, type, name), inserted, and gone ids. */
function matchPlan(existing: repo.NodeRecord[], plan: SettingPlan, productId: string, pageId: string) {
  const keyOf = (parentId: string | null, nodeType: string, name: string) => `${parentId ?? ''}\u0000${nodeType}\u0000${name.toLowerCase()}`;
  const byKey = new Map(existing.map((r) => [keyOf(r.parentId, r.nodeType, r.name), r]));
  const idOfPlanned = new Map<string, string>();
  const kept = new Map<string, { record: repo.NodeRecord; planned: PlannedNode }>();
  const inserts: repo.NodeInsert[] = [];
  for (const n of plan.nodes) {
    const parentId = n.parentKey === null ? null : idOfPlanned.get(n.parentKey)!;
    const match = byKey.get(keyOf(parentId, n.nodeType, n.values.name));
    if (match && !kept.has(match.id)) {
      kept.set(match.id, { record: match, planned: n });
      idOfPlanned.set(n.key, match.id);
    } else {
      const id = randomUUID();
      idOfPlanned.set(n.key, id);
      inserts.push({ id, productId, pageId, parentId, nodeType: n.nodeType, sort: n.sort, ...n.values });
    }
  }
  return { kept: [...kept.values()], inserts, gone: existing.filter((r) => !kept.has(r.id)).map((r) => r.id) };
}

/** The setting-file form of a tree node (APIs by url; empty optional members left out). */
function fileNode(n: AppPageNode): SettingFileNode {
  const out: SettingFileNode = n.nodeType === 'form' || n.nodeType === 'column' ? { name: n.name } : { type: n.nodeType, name: n.name };
  if (n.alias) out.alias = n.alias;
  if (n.fieldName) out.fieldName = n.fieldName;
  if (n.nodeType === 'column') return out;
  if (n.selector) out.selector = n.selector;
  if (n.selectorIndex) out.selectorIndex = n.selectorIndex;
  if (n.dataSource) out.dataSource = n.dataSource;
  if (n.custom) out.custom = true;
  if (n.loadApis.length) out.loadApis = n.loadApis.map((a) => a.url);
  if (n.saveApis.length) out.saveApis = n.saveApis.map((a) => a.url);
  if (n.nodeType === 'grid') out.columns = n.children.map(fileNode);
  else if (n.children.length || n.nodeType === 'form') out.controls = n.children.map(fileNode);
  return out;
}

/** Writes a page's setting file (version 1): `{ version, page, forms }` as pretty JSON, named `<formID>.json`. */
export function writeSettingFile(page: repo.PageRecord, tree: AppPageNode[]): { fileName: string; content: string } {
  const doc = {
    version: SETTING_FILE_VERSION,
    page: { formId: page.formId, name: page.name, path: page.path, platformType: page.platformType },
    forms: tree.map(fileNode),
  };
  return { fileName: `${page.formId}.json`, content: `${JSON.stringify(doc, null, 2)}\n` };
}
