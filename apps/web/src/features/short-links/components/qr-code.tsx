import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const OPTIONS = { margin: 2, width: 512, errorCorrectionLevel: 'M' as const };

function download(href: string, name: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
}

/** The short address as a QR code, shown and downloadable as PNG or SVG (made in the browser). */
export function ShortLinkQr({ url, code }: { url: string; code: string }) {
  const { t } = useTranslation();
  const [png, setPng] = useState<string>();
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, OPTIONS).then((data) => live && setPng(data));
    return () => {
      live = false;
    };
  }, [url]);
  const downloadSvg = async () => {
    const svg = await QRCode.toString(url, { ...OPTIONS, type: 'svg' });
    const href = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    download(href, `short-link-${code}.svg`);
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  };
  return (
    <div className="short-link-qr">
      {png && <img src={png} alt={t('shortLinks.qr')} width={160} height={160} data-testid="short-link-qr" />}
      <Space>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={!png}
          onClick={() => png && download(png, `short-link-${code}.png`)}
          data-testid="short-link-qr-png"
        >
          {t('shortLinks.downloadPng')}
        </Button>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => void downloadSvg()}
          data-testid="short-link-qr-svg"
        >
          {t('shortLinks.downloadSvg')}
        </Button>
      </Space>
    </div>
  );
}
