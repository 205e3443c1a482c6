/**
 * The dashboard's statistic cards: one antd Statistic per figure, with an icon and colour, as many to a
 * row as there are figures on wide screens (five or six). While loading each card shows a skeleton value.
 */
import type { ReactNode } from 'react';
import { Card, Statistic } from 'antd';

export interface StatItem {
  key: string;
  title: string;
  value: number | undefined;
  icon: ReactNode;
  color: string;
  /** Optional second line, e.g. '8 / 10'. */
  suffix?: ReactNode;
}

/** A responsive grid of cards: all in one row on wide screens, as many as fit (≥ 180px each) on narrower ones. */
export default function StatCards({ items, loading }: { items: StatItem[]; loading: boolean }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: 16 }}>
      {items.map((it) => (
        <div key={it.key} data-testid={`stat-${it.key}`}>
          <Card variant="borderless" style={{ height: '100%' }} styles={{ body: { padding: 20 } }}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
              <div
                aria-hidden
                style={{
                  width: 48,
                  height: 48,
                  borderRadius: 12,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontSize: 22,
                  color: it.color,
                  background: `${it.color}1a`,
                  flex: 'none',
                }}
              >
                {it.icon}
              </div>
              <Statistic title={it.title} value={it.value ?? 0} loading={loading} suffix={it.suffix} />
            </div>
          </Card>
        </div>
      ))}
    </div>
  );
}
