/**
 * One tile of a TileChooser (SPEC §2 "Application list page ('my apps') with tiles of icon and name";
 * §9 "app tiles 12.5% width"): the item's logo (or its first letter), name and code; the current item is
 * outlined, a disabled one is marked. The whole tile is one button.
 */
import { Avatar, Tag, Typography } from 'antd';
import { fileUrl } from '../../api/client';

/** What a tile shows: an app of the workbench, a tenant of "my tenants". */
export interface TileItem {
  id: string;
  code: string;
  name: string;
  abbreviation: string;
  /** Logo address without the `code` query, or ''. */
  logoUrl: string;
  status: 0 | 1;
}

export interface TileProps<T extends TileItem> {
  app: T;
  current: boolean;
  currentText: string;
  disabledText: string;
  onOpen: (item: T) => void;
}

const PALETTE = ['#2f54eb', '#13a8a8', '#722ed1', '#fa8c16', '#1677ff', '#52c41a', '#eb2f96', '#faad14'];

/** A stable colour per app for the letter avatar. */
function colourOf(code: string): string {
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

export default function Tile<T extends TileItem>({ app, current, currentText, disabledText, onOpen }: TileProps<T>) {
  const letter = (app.abbreviation || app.name).slice(0, 1).toUpperCase();
  return (
    <div className="mp-app-tile-cell">
      <button type="button" className={`mp-app-tile${current ? ' is-current' : ''}`} onClick={() => onOpen(app)} aria-label={app.name} data-app-code={app.code}>
        <Avatar
          shape="square"
          size={56}
          src={app.logoUrl ? fileUrl(app.logoUrl) : undefined}
          alt=""
          style={{ background: app.logoUrl ? '#fff' : colourOf(app.code), fontSize: 24, borderRadius: 14 }}
        >
          {letter}
        </Avatar>
        <Typography.Text strong className="mp-app-tile-name" ellipsis={{ tooltip: app.name }}>
          {app.name}
        </Typography.Text>
        <Typography.Text type="secondary" className="mp-app-tile-code" ellipsis>
          {app.code}
        </Typography.Text>
        {(current || app.status !== 1) && (
          <span className="mp-app-tile-tags">
            {current && (
              <Tag color="blue" variant="filled">
                {currentText}
              </Tag>
            )}
            {app.status !== 1 && <Tag variant="filled">{disabledText}</Tag>}
          </span>
        )}
      </button>
    </div>
  );
}
