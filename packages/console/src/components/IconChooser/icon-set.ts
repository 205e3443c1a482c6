/**
 * Ant Design's icon set by component name (SPEC §2 Icon chooser "system icon"). Loaded on demand
 * (`import('./icon-set')`) so the whole set is a separate chunk, fetched only where icons are chosen
 * or shown by name.
 */
import type { ComponentType } from 'react';
import * as AntdIcons from '@ant-design/icons';

type IconComponent = ComponentType<{ style?: React.CSSProperties; className?: string }>;

const ALL = AntdIcons as unknown as Record<string, IconComponent>;

/** Every icon component name (`…Outlined`, `…Filled`, `…TwoTone`), sorted. */
export const ICON_NAMES: readonly string[] = Object.keys(ALL)
  .filter((n) => /^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/.test(n))
  .sort();

/** The component of an icon name; undefined when the set has no such icon. */
export function iconComponent(name: string): IconComponent | undefined {
  return /^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/.test(name) ? ALL[name] : undefined;
}
