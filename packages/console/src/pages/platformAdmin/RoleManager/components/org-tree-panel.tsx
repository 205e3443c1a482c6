/**
 * The organisation tree on the left of data role management (SPEC §2 Role management: organisation
 * tree, role list): selecting an organisation lists its roles; "include sub-organisation roles" adds
 * the roles of every organisation below it.
 */
import { useMemo } from 'react';
import { Card, Checkbox, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrgTreeNode } from '@mp/protocol';
import { listOrgTree } from '../../../../api/organisation';

export interface OrgTreePanelProps {
  tenantId: string;
  orgId: string;
  includeSub: boolean;
  onSelect: (orgId: string) => void;
  onIncludeSub: (include: boolean) => void;
}

function toTree(nodes: OrgTreeNode[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: n.id, title: n.name, children: toTree(n.children) }));
}

export default function OrgTreePanel({ tenantId, orgId, includeSub, onSelect, onIncludeSub }: OrgTreePanelProps) {
  const { t } = useTranslation('role');
  const { data, isLoading } = useQuery({ queryKey: ['orgTree', tenantId, 0], queryFn: () => listOrgTree(tenantId, 0) });
  const treeData = useMemo(() => toTree(data ?? []), [data]);
  return (
    <Card
      size="small"
      title={
        <span>
          <ApartmentOutlined /> {t('orgTree')}
        </span>
      }
      styles={{ body: { padding: 12, minHeight: 420 } }}
    >
      <Checkbox checked={includeSub} onChange={(e) => onIncludeSub(e.target.checked)} style={{ marginBottom: 8 }}>
        {t('includeSub')}
      </Checkbox>
      {isLoading ? (
        <Spin style={{ display: 'block', marginTop: 24 }} />
      ) : (
        <Tree
          aria-label={t('orgTree')}
          treeData={treeData}
          selectedKeys={[orgId]}
          defaultExpandAll
          blockNode
          onSelect={(keys) => {
            if (keys.length) onSelect(String(keys[0]));
          }}
          titleRender={(n) => <Typography.Text ellipsis={{ tooltip: String(n.title) }}>{String(n.title)}</Typography.Text>}
        />
      )}
    </Card>
  );
}
