/**
 * An application's permission trees (issue 14 "Permission tree"; SPEC §3 API-permission tree node;
 * docs/applications.md "Permission tree"), built in memory from the few rows read by
 * apppermissions.repository.ts (menus, the forms and controls of linked pages, the APIs of each page,
 * the registry), so a tree is a handful of statements whatever its size:
 * - the permission tree: menus (modules and pages, disabled ones flagged) → for a page menu, the forms
 *   of the page it links (`app_menus.page_id`; grouping nodes, not grantable) → controls (grantable;
 *   a composite's controls under it; grid columns are not shown);
 * - the API-permission tree: menus → page menus → the APIs attached to the page (the union of its
 *   nodes' load and save APIs), branches without an API left out, then one group node holding the
 *   application's APIs attached to no page a menu links.
 * Grantable nodes allow every bit (`maxPurview` 3, APIs 1); the service narrows it for a role holder.
 * Also the viewer of what a role holds of each application (`appGrantViews`).
 */
import { appUniqueId, Purview, type AppPermissionNode, type AppPermissionNodeType, type TenantAppGrantView, type TenantAppOption } from '@mp/protocol';
import { translate, type Locale } from '@mp/i18n';
import type { ApiRecord, ControlRecord, GrantedItemRecord, MenuRecord } from './apppermissions.repository.js';

/** Translations of the showName template and suffixes, by locale and suffix (the texts are static; a tree calls this per node). */
const shownTemplates = new Map<string, string>();

/** `name` with its localised suffix (SPEC §3 showName: page / module / API; a control its type). */
export function showNameOf(locale: Locale, name: string, suffix: string): string {
  const k = `${locale}\u0000${suffix}`;
  let template = shownTemplates.get(k);
  if (template === undefined) {
    template = translate(locale, 'appgrant:showName', { name: '\u0001', suffix: translate(locale, `appgrant:suffix.${suffix}`) });
    shownTemplates.set(k, template);
  }
  // one pass over the template: the name's own characters are never read as a placeholder
  // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0001 is the placeholder this module itself puts into the template
  return template.replace(/\u0001/g, () => name);
}

/** Groups rows by a key (insertion order kept). */
function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

type Base = Omit<AppPermissionNode, 'key' | 'children'>;
const node = (parentKey: string, id: string, base: Base, children: (key: string) => AppPermissionNode[] = () => []): AppPermissionNode => {
  const key = parentKey ? `${parentKey}/${id}` : id;
  return { key, ...base, children: children(key) };
};

/** Walks the menu tree, giving each menu its children built by `leaves` (called with the menu and the node's key). */
function menuNodes(
  locale: Locale,
  menus: MenuRecord[],
  bits: Map<string, number>,
  grantable: boolean,
  leaves: (m: MenuRecord, key: string) => AppPermissionNode[],
): AppPermissionNode[] {
  const byParent = groupBy(menus, (m) => m.parentId ?? '');
  const walk = (parentId: string, parentKey: string, seen: Set<string>): AppPermissionNode[] =>
    (byParent.get(parentId) ?? [])
      .filter((m) => !seen.has(m.id))
      .map((m) => {
        const uniqueId = appUniqueId('menu', m.id);
        const isPage = m.menuType === 'page';
        return node(
          parentKey,
          uniqueId,
          {
            uniqueId,
            nodeType: isPage ? 'page' : 'module',
            name: m.name,
            showName: showNameOf(locale, m.name, isPage ? 'page' : 'module'),
            grantable,
            enabled: m.enabled === 1,
            pageId: m.pageId ?? '',
            menuId: m.id,
            menuName: m.name,
            apiId: '',
            apiName: '',
            purview: grantable ? (bits.get(uniqueId) ?? 0) : 0,
            maxPurview: grantable ? Purview.READ_WRITE : 0,
          },
          (key) => [...walk(m.id, key, new Set([...seen, m.id])), ...leaves(m, key)],
        );
      });
  return walk('', '', new Set());
}

/**
 * The permission tree: menus → forms of the linked page → controls, with the role's bits by `uniqueId`
 * (`bits`). Menus and controls are grantable; forms group.
 */
export function permissionTree(locale: Locale, menus: MenuRecord[], controls: ControlRecord[], bits: Map<string, number>): AppPermissionNode[] {
  // children by parent ('page:<id>' for a page's top level): one pass, whatever the number of nodes
  const byParent = groupBy(controls, (c) => c.parentId ?? `page:${c.pageId}`);
  const controlNodes = (menu: MenuRecord, parent: string, parentKey: string): AppPermissionNode[] =>
    (byParent.get(parent) ?? []).map((c) => {
      const isForm = c.nodeType === 'form';
      const uniqueId = isForm ? '' : appUniqueId('control', c.id);
      const name = c.alias ? `${c.name} · ${c.alias}` : c.name;
      return node(
        parentKey,
        isForm ? `form:${c.id}` : uniqueId,
        {
          uniqueId,
          nodeType: isForm ? 'form' : 'control',
          name,
          showName: showNameOf(locale, name, isForm ? 'form' : c.nodeType),
          ...(isForm ? {} : { controlType: c.nodeType }),
          grantable: !isForm,
          enabled: menu.enabled === 1,
          pageId: c.pageId,
          menuId: menu.id,
          menuName: menu.name,
          apiId: '',
          apiName: '',
          purview: isForm ? 0 : (bits.get(uniqueId) ?? 0),
          maxPurview: isForm ? 0 : Purview.READ_WRITE,
        },
        (key) => controlNodes(menu, c.id, key),
      );
    });
  return menuNodes(locale, menus, bits, true, (m, key) => (m.menuType === 'page' && m.pageId ? controlNodes(m, `page:${m.pageId}`, key) : []));
}

/**
 * The API-permission tree: menus → page menus → the page's APIs (grantable, bits 1 when granted), then
 * the group of APIs attached to no linked page. Menus without an API below them are left out.
 */
export function apiTree(
  locale: Locale,
  menus: MenuRecord[],
  pageApis: Map<string, string[]>,
  apis: ApiRecord[],
  bits: Map<string, number>,
): AppPermissionNode[] {
  const byId = new Map(apis.map((a) => [a.id, a]));
  const apiNode = (parentKey: string, a: ApiRecord, menu: MenuRecord | undefined): AppPermissionNode => {
    const uniqueId = appUniqueId('api', a.id);
    return node(parentKey, uniqueId, {
      uniqueId,
      nodeType: 'api',
      name: a.name,
      showName: showNameOf(locale, a.name, 'api'),
      grantable: true,
      enabled: menu ? menu.enabled === 1 : true,
      pageId: menu?.pageId ?? '',
      menuId: menu?.id ?? '',
      menuName: menu?.name ?? '',
      apiId: a.id,
      apiName: a.name,
      purview: bits.get(uniqueId) ?? 0,
      maxPurview: Purview.READ,
    });
  };
  const attached = new Set([...pageApis.values()].flat());
  const prune = (nodes: AppPermissionNode[]): AppPermissionNode[] =>
    nodes.map((n) => ({ ...n, children: prune(n.children) })).filter((n) => n.nodeType === 'api' || n.children.length > 0);
  const tree = prune(
    menuNodes(locale, menus, bits, false, (m, key) =>
      m.menuType === 'page' && m.pageId
        ? (pageApis.get(m.pageId) ?? [])
            .flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((a) => apiNode(key, a, m))
        : [],
    ),
  );
  const loose = apis.filter((a) => !attached.has(a.id));
  if (!loose.length) return tree;
  const groupName = translate(locale, 'appgrant:unattached');
  const nodeType: AppPermissionNodeType = 'group';
  return [
    ...tree,
    node(
      '',
      'group:unattached',
      {
        uniqueId: '',
        nodeType,
        name: groupName,
        showName: groupName,
        grantable: false,
        enabled: true,
        pageId: '',
        menuId: '',
        menuName: '',
        apiId: '',
        apiName: '',
        purview: 0,
        maxPurview: 0,
      },
      (key) => loose.map((a) => apiNode(key, a, undefined)),
    ),
  ];
}

/** The role's application grants grouped by application (only applications in `apps`, the tenant's), with names. */
export function appGrantViews(locale: Locale, apps: TenantAppOption[], items: GrantedItemRecord[]): TenantAppGrantView[] {
  const byApp = groupBy(items, (i) => i.productId ?? '');
  return apps
    .filter((a) => byApp.has(a.productId))
    .map((a) => {
      const of = (kind: string) => byApp.get(a.productId)!.filter((i) => i.kind === kind);
      return {
        productId: a.productId,
        name: a.name,
        menus: of('appmenu').map((i) => ({
          id: i.dataId,
          name: i.name,
          showName: showNameOf(locale, i.name, i.type === 'page' ? 'page' : 'module'),
          menuType: i.type,
          enabled: Number(i.enabled) === 1,
          purview: Number(i.purview),
        })),
        controls: of('appcontrol').map((i) => {
          const name = i.extra ? `${i.name} · ${i.extra}` : i.name;
          return { id: i.dataId, name, showName: showNameOf(locale, name, i.type), pageName: i.pageName, purview: Number(i.purview) };
        }),
        apis: of('appapi').map((i) => ({ id: i.dataId, name: i.name, url: i.extra, showName: showNameOf(locale, i.name, 'api') })),
      };
    });
}
