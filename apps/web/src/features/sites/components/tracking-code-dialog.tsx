import type { Site } from '@tally/contracts';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FirstHitPanel } from './first-hit-panel';

/** The `<script>` tag of a site, ready to copy, and whether its first visit has arrived. */
export function TrackingCodeDialog({ site, onClose }: { site: Site; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('siteAdmin.codeTitle', { name: site.name })}
      onCancel={onClose}
      footer={null}
      width={640}
      data-testid="tracking-code-dialog"
    >
      <Typography.Paragraph type="secondary">
        {t('siteAdmin.codeHelp', { domain: site.domain })}
      </Typography.Paragraph>
      <Typography.Paragraph
        className="code-block"
        copyable={{ text: site.snippet, tooltips: [t('siteAdmin.copy'), t('siteAdmin.copied')] }}
      >
        <code data-testid="tracking-code">{site.snippet}</code>
      </Typography.Paragraph>
      <FirstHitPanel site={site} />
    </Modal>
  );
}
