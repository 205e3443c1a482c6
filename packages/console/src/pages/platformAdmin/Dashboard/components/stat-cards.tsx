/**
 * The dashboard's statistic cards: one antd Statistic per platform total, with an icon and colour.
 * While loading each card shows a skeleton value.
 */
import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic } from 'antd';

export interface StatItem {
  key: string;
  title: string;
  value: number | undefined;
  icon: ReactNode;
  color: string;
  /** Optional second line, e.g. '8 / 10'. */
  suffix?: ReactNode;
}

/** A responsive row of cards (5 across on wide screens). */
export default function StatCards({ items, loading }: { items: StatItem[]; loading: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {items.map((it) => (
        <Col key={it.key} xs={24} sm={12} md={8} xl={{ flex: '20%' }}>
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
        </Col>
      ))}
    </Row>
  );
}
