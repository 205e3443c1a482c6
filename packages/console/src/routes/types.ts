/**
 * The shape of a user-type area (CONVENTIONS "Routes per user type"): its root, default child and
 * every child route with menu entry, title key, icon and access in one place (SPEC §2).
 */
import type { ComponentType } from 'react';
import type { LoginConfig, UserTypeValue } from '@mp/protocol';

/** A lazily loaded screen module with a default-exported component. */
export type ScreenModule = () => Promise<{ default: ComponentType }>;

/** One child route of an area. Titles are keys of the `layout` namespace. */
export interface AreaRoute {
  /** Path segment under the area root, e.g. 'product'. */
  path: string;
  titleKey: string;
  /** Menu label when it differs from the title (SPEC §2: role management is 'data role management' in the menu). */
  menuTitleKey?: string;
  /** Icon name of the icon registry (components/MenuIcon). */
  icon: string;
  /** In the fixed menu of the area. */
  menu?: boolean;
  /** Menu group key (the app area's two groups). */
  group?: string;
  /** Reachable without being in the user's menu (dashboard, nomenu, hidden screens). */
  free?: boolean;
  /** Listed for completeness but not registered (SPEC §2: user authorisation route disabled). */
  disabled?: boolean;
  load: ScreenModule;
}

/** A menu group of a fixed menu (SPEC §2 App menu groups). */
export interface MenuGroup {
  key: string;
  titleKey: string;
  icon: string;
  /** Shown only when this returns true (e.g. the notice-management flag; `dev` in a development build). */
  when?: (config: LoginConfig, dev: boolean) => boolean;
}

/** One user type's area: root path, default child, routes and where its menu comes from. */
export interface AreaDef {
  userType: UserTypeValue;
  root: string;
  /** i18n key (layout namespace) of the area, shown in the breadcrumb. */
  titleKey: string;
  /** The child the root redirects to (SPEC §2). */
  defaultChild: (config: LoginConfig) => string;
  routes: AreaRoute[];
  groups?: MenuGroup[];
  /** 'fixed' builds the menu from `routes`; 'server' loads it with `listmymenu` (SPEC §2 Menus). */
  menuSource: 'fixed' | 'server';
}

/** Route meta (SPEC §3 Route meta: title, icon, parentTitle) kept in the route's `handle`. */
export interface RouteMeta {
  titleKey: string;
  icon: string;
  parentTitleKey?: string;
  userType?: UserTypeValue;
  /** True for public pages (no session needed). */
  public?: boolean;
}
