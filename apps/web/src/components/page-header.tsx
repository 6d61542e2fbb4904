import './page-header.css';
import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** Title on the left, actions on the right (below it on narrow screens). */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="page-header">
      <Typography.Title level={4} className="page-title">
        {title}
      </Typography.Title>
      {children && <div className="page-header-actions">{children}</div>}
    </div>
  );
}
