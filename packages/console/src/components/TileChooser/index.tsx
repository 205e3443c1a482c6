/**
 * A page of tiles to choose one item from (SPEC §2 "Application list page ('my apps') with tiles of
 * icon and name", §9 tiles 12.5% wide): the application administrator's workbench and the tenant
 * administrator's "my tenants". Searched and paged on the server through `fetchPage`; choosing a tile
 * calls `onOpen` (a disabled item is shown but `onOpen` decides what to do with it).
 */
import { useState } from 'react';
import { Card, Input, Pagination, Space, Spin, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@mp/protocol';
import NoData from '../NoData';
import Tile, { type TileItem } from './tile';
import './tile-chooser.css';

export type { TileItem } from './tile';

export interface TileChooserTexts {
  title: string;
  intro: string;
  search: string;
  empty: string;
  current: string;
  disabled: string;
  /** The total line, given the number of items. */
  count: (count: number) => string;
}

export interface TileChooserProps<T extends TileItem> {
  texts: TileChooserTexts;
  /** Cache key of the query (the page and keyword are appended). */
  queryKey: string;
  fetchPage: (q: { keyword?: string; page: number; pageSize: number }) => Promise<Paged<T>>;
  currentId?: string;
  onOpen: (item: T) => void;
  pageSize?: number;
}

export default function TileChooser<T extends TileItem>({ texts, queryKey, fetchPage, currentId, onOpen, pageSize = 48 }: TileChooserProps<T>) {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const items = useQuery({
    queryKey: [queryKey, keyword, page],
    queryFn: () => fetchPage({ keyword: keyword || undefined, page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const rows = items.data?.rows ?? [];
  return (
    <Card
      variant="borderless"
      className="mp-page-card"
      title={
        <Space direction="vertical" size={0}>
          <span>{texts.title}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>
            {texts.intro}
          </Typography.Text>
        </Space>
      }
      extra={
        <Input.Search
          allowClear
          placeholder={texts.search}
          aria-label={texts.search}
          style={{ width: 300 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      }
    >
      <Spin spinning={items.isFetching}>
        {rows.length === 0 && !items.isFetching ? (
          <NoData description={texts.empty} />
        ) : (
          <div className="mp-app-tiles" role="list" aria-label={texts.title}>
            {rows.map((item) => (
              <Tile<T> key={item.id} app={item} current={currentId === item.id} currentText={texts.current} disabledText={texts.disabled} onOpen={onOpen} />
            ))}
          </div>
        )}
      </Spin>
      {(items.data?.records ?? 0) > pageSize && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={page}
          pageSize={pageSize}
          total={items.data?.records ?? 0}
          showSizeChanger={false}
          showTotal={texts.count}
          onChange={setPage}
        />
      )}
    </Card>
  );
}
