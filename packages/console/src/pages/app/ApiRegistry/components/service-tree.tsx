/**
 * The left side of the API registry (issue 14 "grouped by service and module"): "All APIs", then each
 * service with its modules, each with its number of APIs (`groupappapi`), and a filter box over the
 * names. Choosing a node filters the grid; the choice is reported as `{ serviceName?, moduleName? }`.
 */
import { useMemo, useState } from 'react';
import { Badge, Empty, Input, Spin, Tree, Typography } from 'antd';
import { ApiOutlined, AppstoreOutlined, FolderOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AppApiServiceGroup } from '@mp/protocol';

/** The tree's choice: nothing (all APIs), a service, or a module of a service. */
export interface TreeChoice {
  serviceName?: string;
  moduleName?: string;
}

const SEP = '\u0000';
const keyOf = (c: TreeChoice) =>
  c.serviceName === undefined ? 'all' : c.moduleName === undefined ? `s${SEP}${c.serviceName}` : `m${SEP}${c.serviceName}${SEP}${c.moduleName}`;
function choiceOf(key: string): TreeChoice {
  const [kind, service, module] = key.split(SEP);
  if (kind === 's') return { serviceName: service };
  if (kind === 'm') return { serviceName: service, moduleName: module };
  return {};
}

function Label({ text, count }: { text: string; count: number }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, maxWidth: 210 }}>
      <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 160 }}>
        {text}
      </Typography.Text>
      <Badge count={count} showZero overflowCount={9999} color="#d9d9d9" style={{ color: 'rgba(0,0,0,0.65)', boxShadow: 'none' }} />
    </span>
  );
}

export interface ServiceTreeProps {
  groups: AppApiServiceGroup[] | undefined;
  loading: boolean;
  value: TreeChoice;
  onChange: (choice: TreeChoice) => void;
}

/** See the module docs. */
export default function ServiceTree({ groups, loading, value, onChange }: ServiceTreeProps) {
  const { t } = useTranslation('appapi');
  const [filter, setFilter] = useState('');
  const f = filter.trim().toLowerCase();

  const treeData = useMemo(() => {
    const services = (groups ?? [])
      .map((s) => {
        const serviceHit = !f || s.serviceName.toLowerCase().includes(f);
        const modules = s.modules.filter((m) => serviceHit || m.moduleName.toLowerCase().includes(f));
        return { s, modules, show: serviceHit || modules.length > 0 };
      })
      .filter((x) => x.show)
      .map(({ s, modules }) => ({
        key: keyOf({ serviceName: s.serviceName }),
        icon: <FolderOutlined />,
        title: <Label text={s.serviceName} count={s.count} />,
        children: modules.map((m) => ({
          key: keyOf({ serviceName: s.serviceName, moduleName: m.moduleName }),
          icon: <ApiOutlined />,
          title: <Label text={m.moduleName} count={m.count} />,
          isLeaf: true,
        })),
      }));
    const total = (groups ?? []).reduce((n, s) => n + s.count, 0);
    return [{ key: 'all', icon: <AppstoreOutlined />, title: <Label text={t('allApis')} count={total} />, children: services }];
  }, [groups, f, t]);

  const expanded = useMemo(
    () => ['all', ...(f ? treeData[0]!.children.map((c) => c.key) : value.serviceName !== undefined ? [keyOf({ serviceName: value.serviceName })] : [])],
    [f, treeData, value.serviceName],
  );
  const [open, setOpen] = useState<string[] | null>(null);

  return (
    <nav aria-label={t('tree')} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Input
        allowClear
        prefix={<SearchOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}
        placeholder={t('treeSearch')}
        aria-label={t('treeSearch')}
        onChange={(e) => {
          setFilter(e.target.value);
          setOpen(null);
        }}
      />
      <Spin spinning={loading}>
        {groups && groups.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('treeEmpty')} />
        ) : (
          <Tree
            showIcon
            blockNode
            data-testid="api-service-tree"
            treeData={treeData}
            selectedKeys={[keyOf(value)]}
            expandedKeys={open ?? expanded}
            onExpand={(keys) => setOpen(keys.map(String))}
            onSelect={(keys) => onChange(choiceOf(String(keys[0] ?? 'all')))}
          />
        )}
      </Spin>
    </nav>
  );
}
