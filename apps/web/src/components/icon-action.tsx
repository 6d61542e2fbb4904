import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  icon: ReactNode;
  onClick?: () => void;
  /** Opens this address in a new tab instead. */
  href?: string;
  danger?: boolean;
  testId?: string;
}

/** A row action: an icon button named by its tooltip, for screen readers and tests alike. */
export function IconAction({ title, icon, onClick, href, danger, testId }: Props) {
  return (
    <Tooltip title={title}>
      <Button
        type="text"
        danger={danger}
        icon={icon}
        aria-label={title}
        onClick={onClick}
        href={href}
        target={href ? '_blank' : undefined}
        rel={href ? 'noopener noreferrer' : undefined}
        data-testid={testId}
      />
    </Tooltip>
  );
}
