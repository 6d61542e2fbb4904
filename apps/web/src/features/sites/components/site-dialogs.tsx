import type { Site } from '@tally/contracts';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ShareDialog } from './share-dialog';
import { SiteForm } from './site-form';
import { TrackingCodeDialog } from './tracking-code-dialog';

export type SiteDialog = { kind: 'add' } | { kind: 'edit' | 'code' | 'share'; site: Site } | null;

/** The one dialog the site list has open; a new site goes straight on to its tracking code. */
export function SiteDialogs({
  dialog,
  onChange,
}: {
  dialog: SiteDialog;
  onChange: (next: SiteDialog) => void;
}) {
  const { t } = useTranslation();
  if (!dialog) return null;
  const close = () => onChange(null);
  if (dialog.kind === 'code') return <TrackingCodeDialog site={dialog.site} onClose={close} />;
  if (dialog.kind === 'share') return <ShareDialog site={dialog.site} onClose={close} />;
  const editing = dialog.kind === 'edit' ? dialog.site : undefined;
  return (
    <Modal
      open
      title={t(editing ? 'siteAdmin.edit' : 'siteAdmin.add')}
      onCancel={close}
      footer={null}
      destroyOnHidden
      data-testid="site-form-dialog"
    >
      <SiteForm
        site={editing}
        onCancel={close}
        onSaved={(site) => onChange(editing ? null : { kind: 'code', site })}
      />
    </Modal>
  );
}
