/**
 * An Ant Design icon drawn from its SVG definition (@ant-design/icons-svg) without antd's icon runtime,
 * for the screens of the sign-in page's first load (issue 17). Same markup as antd's icons (`anticon`
 * span, role img, 1em square in the current colour), so it looks the same.
 */
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type CSSProperties, type ReactNode } from 'react';

interface Node {
  tag: string;
  attrs: Record<string, string>;
  children?: Node[];
}

function draw(node: Node, key?: number): ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(draw));
}

export interface LightIconProps {
  icon: IconDefinition;
  spin?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** The icon `icon` (outlined / filled definition), optionally spinning like antd's `spin`. */
export default function LightIcon({ icon, spin, className, style }: LightIconProps) {
  const def = icon.icon as unknown as Node;
  return (
    <span role="img" aria-label={icon.name} className={`anticon mp-icon${spin ? ' mp-icon-spin' : ''}${className ? ` ${className}` : ''}`} style={style}>
      {createElement(
        'svg',
        { ...def.attrs, 'data-icon': icon.name, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' },
        def.children?.map(draw),
      )}
    </span>
  );
}
