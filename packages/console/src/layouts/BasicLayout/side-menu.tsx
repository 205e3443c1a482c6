/**
 * The side menu of the current section (SPEC §2 Menus): the stored menu tree, the item of the current
 * path selected and its modules opened; a click goes to the item's target with its `menuid`.
 */
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { menuIcon } from '../../components/MenuIcon';
import { findMenuByPath, menuAncestors, type MenuNode } from '../../routes/menu';
import { useSessionStore } from '../../stores/session';

type Item = Required<MenuProps>['items'][number];

export default function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t, i18n } = useTranslation('layout');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tree = useSessionStore((s) => s.menuTreeData);
  const list = useSessionStore((s) => s.menuListData);

  // Server menus (the tenant menu) come named in the language of the request that loaded them; entries
  // the console knows (`menu:<id>`) follow a later language switch, others keep the server's name.
  const label = (n: MenuNode): string => (n.titleKey ? t(n.titleKey) : i18n.exists(`menu:${n.id}`) ? t(`menu:${n.id}` as never) : n.name);
  const items = useMemo(() => {
    const build = (ns: readonly MenuNode[]): Item[] =>
      ns.map((n) =>
        n.children?.length
          ? { key: n.id, icon: menuIcon(n.icon), label: label(n), children: build(n.children) }
          : { key: n.id, icon: menuIcon(n.icon), label: label(n) },
      );
    return build(tree);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tree, t]);

  const seg = pathname.split('/').slice(0, 3).join('/');
  const selected = findMenuByPath(list, seg);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    if (selected) setOpenKeys((k) => Array.from(new Set([...k, ...menuAncestors(list, selected.id)])));
    else setOpenKeys(tree.filter((n) => n.children?.length).map((n) => n.id));
  }, [selected?.id, list, tree]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Menu
      mode="inline"
      className="mp-side-menu"
      items={items}
      selectedKeys={selected ? [selected.id] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        const node = list.find((n) => n.id === key);
        if (!node?.target) return;
        if (/^https?:\/\//i.test(node.target)) window.open(node.target, '_blank', 'noopener');
        else navigate(`${node.target}?menuid=${encodeURIComponent(node.id)}`);
      }}
    />
  );
}
