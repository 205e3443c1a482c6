/**
 * The rules of a page's tree shared by the node calls, the setting file and sharing (SPEC §4 Editing,
 * §5 Page, §8 Menu messages): field checks of a form, control or column, the sibling duplicate rule,
 * and the API shape of a tree (nested nodes with their chosen APIs).
 */
import { APP_PAGE_RULES, AppPageCodes, type AppApiRef, type AppPageNode, type PageNodeTypeValue } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { checkText } from '../../lib/validate.js';
import type { ApiRecord, NodeRecord } from './apppages.repository.js';

/** The editable values of a node, as stored. */
export interface NodeValues {
  name: string;
  alias: string;
  selector: string;
  selectorIndex: number;
  fieldName: string;
  dataSource: string;
  custom: boolean;
  loadApiIds: string[];
  saveApiIds: string[];
}

/** The fields a node body or a setting-file node gives (all optional but the name). */
export interface NodeInput {
  name: string;
  alias?: string | undefined;
  selector?: string | undefined;
  selectorIndex?: number | undefined;
  fieldName?: string | undefined;
  dataSource?: string | undefined;
  custom?: boolean | undefined;
  loadApiIds?: string[] | undefined;
  saveApiIds?: string[] | undefined;
}

const namePattern = (fieldKey: string, value: string, required: boolean): string => {
  const v = checkText(fieldKey, value, { required, max: APP_PAGE_RULES.nodeName.max });
  if (v && !APP_PAGE_RULES.nodeName.pattern.test(v)) throw new AppError(AppPageCodes.NODE_NAME_PATTERN, { value: v });
  return v;
};

/**
 * Checks and normalises a node's fields for its type: name required (≤ 50, letters, digits, _ - . ( ));
 * alias likewise optional; field name letters, digits, _ . $ -; selector and data source ≤ 200 without a
 * script tag; selector index 0–10000. A column keeps only name, alias and field name; a column has no
 * APIs. API ids are de-duplicated (the caller checks they are the application's).
 * @throws validation.required / validation.too_long / validation.script_tag / apppage.node_name_pattern
 */
export function checkNodeValues(nodeType: PageNodeTypeValue, b: NodeInput): NodeValues {
  const name = namePattern('nodeName', b.name, true);
  const alias = namePattern('alias', b.alias ?? '', false);
  const fieldName = checkText('fieldName', b.fieldName, { max: APP_PAGE_RULES.fieldName.max });
  if (fieldName && !APP_PAGE_RULES.fieldName.pattern.test(fieldName)) throw new AppError(AppPageCodes.NODE_NAME_PATTERN, { value: fieldName });
  if (nodeType === 'column') {
    return { name, alias, fieldName, selector: '', selectorIndex: 0, dataSource: '', custom: false, loadApiIds: [], saveApiIds: [] };
  }
  const selector = checkText('selector', b.selector, { max: APP_PAGE_RULES.selector.max });
  const dataSource = checkText('dataSource', b.dataSource, { max: APP_PAGE_RULES.dataSource.max });
  return {
    name,
    alias,
    fieldName,
    selector,
    dataSource,
    selectorIndex: b.selectorIndex ?? 0,
    custom: nodeType === 'form' ? false : (b.custom ?? false),
    loadApiIds: [...new Set(b.loadApiIds ?? [])],
    saveApiIds: [...new Set(b.saveApiIds ?? [])],
  };
}

/** A sibling as the duplicate rule sees it. */
export interface SiblingShape {
  id?: string;
  nodeType: string;
  name: string;
  fieldName: string;
}

/**
 * The duplicate rule among siblings (SPEC §5 "duplicate control or column not allowed"): a column whose
 * name or field name repeats another column's in the grid → 'The field already exists in the list'; a
 * control whose name repeats another's in the form or composite → 'Control already exists in the list';
 * a form whose name repeats another form's. Case-insensitive. Returns the code and params, or null.
 */
export function duplicateProblem(candidate: SiblingShape, siblings: SiblingShape[]): { code: string; name: string } | null {
  const others = siblings.filter((s) => s.id === undefined || s.id !== candidate.id);
  const lower = candidate.name.toLowerCase();
  if (candidate.nodeType === 'column') {
    const field = candidate.fieldName.toLowerCase();
    const hit = others.find((s) => s.name.toLowerCase() === lower || (field !== '' && s.fieldName.toLowerCase() === field));
    if (!hit) return null;
    return { code: AppPageCodes.FIELD_EXISTS, name: hit.name.toLowerCase() === lower ? candidate.name : candidate.fieldName };
  }
  if (!others.some((s) => s.name.toLowerCase() === lower)) return null;
  return { code: candidate.nodeType === 'form' ? AppPageCodes.FORM_EXISTS : AppPageCodes.CONTROL_EXISTS, name: candidate.name };
}

/** Throws the duplicate rule's error, if any. */
export function assertNoDuplicate(candidate: SiblingShape, siblings: SiblingShape[]): void {
  const p = duplicateProblem(candidate, siblings);
  if (p) throw new AppError(p.code, { name: p.name });
}

/** The API shape of an API row. */
export function toApiRef(a: ApiRecord): AppApiRef {
  return { id: a.id, name: a.name, url: a.url, serviceName: a.serviceName, moduleName: a.moduleName };
}

/**
 * The nested tree of a page from its node rows (any order) and the application's APIs they name; an API
 * id no longer in the registry is left out. Siblings in `sort` order.
 */
export function buildTree(rows: NodeRecord[], apis: Map<string, ApiRecord>): AppPageNode[] {
  const byParent = new Map<string, NodeRecord[]>();
  for (const r of rows) {
    const k = r.parentId ?? '';
    const list = byParent.get(k);
    if (list) list.push(r);
    else byParent.set(k, [r]);
  }
  const refs = (ids: string[]) =>
    ids.flatMap((id) => {
      const a = apis.get(id);
      return a ? [toApiRef(a)] : [];
    });
  const build = (parent: string): AppPageNode[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.sort - b.sort || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((r) => ({
        id: r.id,
        pageId: r.pageId,
        parentId: r.parentId ?? '',
        nodeType: r.nodeType as PageNodeTypeValue,
        name: r.name,
        alias: r.alias,
        selector: r.selector,
        selectorIndex: r.selectorIndex,
        fieldName: r.fieldName,
        dataSource: r.dataSource,
        custom: r.custom,
        sort: r.sort,
        loadApis: refs(r.loadApiIds),
        saveApis: refs(r.saveApiIds),
        children: build(r.id),
      }));
  return build('');
}

/** Every descendant id of `rootId` (itself included) among a page's rows. */
export function subtreeIds(rows: NodeRecord[], rootId: string): string[] {
  const out = [rootId];
  for (let i = 0; i < out.length; i++) for (const r of rows) if (r.parentId === out[i]) out.push(r.id);
  return out;
}
