import { BugOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLogStore } from '../stores/error-log';

/** The list (a modal with a table) is only fetched when somebody opens it. */
const ErrorLogDialog = lazy(() => import('./error-log-dialog'));

/** Header badge that appears once an error was recorded, with the list behind it. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const count = useErrorLogStore((s) => s.logs.length);
  const [open, setOpen] = useState(false);
  if (count === 0) return null;
  return (
    <>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BugOutlined />}
          aria-label={t('navbar.errorLog')}
          onClick={() => setOpen(true)}
          data-testid="error-log"
        />
      </Badge>
      {open && (
        <Suspense fallback={null}>
          <ErrorLogDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
