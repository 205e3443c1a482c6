/**
 * Platform product management (SPEC §2 Platform admin → product, §3 Application, §5 Application): the
 * product grid on the shared DataGrid — search by keyword, name, code and status; sort by code, name,
 * version, status, create and update time; batch delete and enable/disable; export to Excel — and the
 * New / Modify form modal with every field. Built-in products cannot be selected for batch delete nor
 * deleted (the server refuses too, as it refuses products still authorised to tenants).
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PRODUCT_SORT_FIELDS, type ProductRow } from '@mp/protocol';
import DataGrid, { useRecordActions, useStatusSearchField, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import type { OpenMode } from '../../../components/FormModal';
import { deleteProducts, exportProducts, listProducts, setProductStatus, type ProductFilters } from '../../../api/product';
import { PRODUCT_TABLE_WIDTH, useProductColumns, type ProductRowActions } from './components/columns';
import ProductFormModal from './components/product-form-modal';

const QUERY_KEY = ['products'] as const;

/** The screen (default export: the router lazy-loads it). */
export default function ProductManager() {
  const { t } = useTranslation(['product', 'common']);
  const navigate = useNavigate();
  const grid = useRef<DataGridHandle>(null);
  const [modal, setModal] = useState<{ open: boolean; mode: OpenMode; row?: ProductRow }>({ open: false, mode: 'add' });

  const record = useRecordActions<ProductRow>({ queryKey: QUERY_KEY, grid, setStatus: setProductStatus, remove: deleteProducts });
  const reload = record.reload;
  const statusField = useStatusSearchField();

  const actions = useMemo<ProductRowActions>(
    () => ({
      onEdit: (row) => setModal({ open: true, mode: 'modify', row }),
      onToggleStatus: record.toggleStatus,
      onDelete: record.remove,
      onClients: (row) => navigate(`/platformAdmin/productClients?app=${encodeURIComponent(row.id)}`),
    }),
    [t, record, navigate],
  );
  const columns = useProductColumns(actions);

  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'keyword', label: t('keyword'), placeholder: t('keywordPlaceholder'), width: 220 },
      { name: 'name', label: t('field.name'), width: 160 },
      { name: 'code', label: t('field.code'), width: 140 },
      statusField,
    ],
    [t, statusField],
  );

  return (
    <Card variant="borderless">
      <DataGrid<ProductRow, ProductFilters, (typeof PRODUCT_SORT_FIELDS)[number]>
        sortFields={PRODUCT_SORT_FIELDS}
        ref={grid}
        title={t('title')}
        queryKey={QUERY_KEY}
        fetch={(q) => listProducts(q)}
        columns={columns}
        rowKey="id"
        scrollX={PRODUCT_TABLE_WIDTH}
        searchFields={searchFields}
        isRowSelectable={(r) => !r.builtIn}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, mode: 'add' })}>
            {t('newProduct')}
          </Button>
        }
        onBatchDelete={(ids) => deleteProducts(ids)}
        onBatchStatus={(ids, status) => setProductStatus(ids, status)}
        onExport={(filters) => exportProducts(filters, t('exportFileName'))}
      />
      <ProductFormModal open={modal.open} mode={modal.mode} row={modal.row} onClose={() => setModal((m) => ({ ...m, open: false }))} onSaved={() => reload()} />
    </Card>
  );
}
