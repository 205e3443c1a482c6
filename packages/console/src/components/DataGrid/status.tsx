/**
 * The status cell of every grid (SPEC §9 "status dot 6px default colour #0ECA7E"): a 6px dot, green
 * for enabled and grey for disabled, followed by the status text.
 */
import type { TableColumnType } from 'antd';
import { Status } from '@mp/protocol';

export const STATUS_COLOR_ENABLED = '#0ECA7E';
export const STATUS_COLOR_DISABLED = '#BFBFBF';

/** A 6px dot plus text. `color` overrides the colour picked from `enabled`. */
export function StatusDot({ enabled, text, color }: { enabled: boolean; text: string; color?: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
      <span
        aria-hidden
        style={{
          width: 6,
          height: 6,
          borderRadius: '50%',
          flex: 'none',
          background: color ?? (enabled ? STATUS_COLOR_ENABLED : STATUS_COLOR_DISABLED),
        }}
      />
      {text}
    </span>
  );
}

/**
 * A status column: dot + 'Enabled' / 'Disabled' (texts passed in, translated), sortable on the server
 * by `key` when `sortable`.
 */
export function statusColumn<T extends { status: number }>(opts: {
  title: string;
  enabledText: string;
  disabledText: string;
  key?: string;
  sortable?: boolean;
  width?: number;
}): TableColumnType<T> {
  return {
    title: opts.title,
    key: opts.key ?? 'status',
    dataIndex: opts.key ?? 'status',
    width: opts.width ?? 110,
    sorter: opts.sortable ?? false,
    render: (_: unknown, row: T) => {
      const enabled = row.status === Status.ENABLED;
      return <StatusDot enabled={enabled} text={enabled ? opts.enabledText : opts.disabledText} />;
    },
  };
}
