import '../messages';
import { Spin, Typography } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PublicShell } from '../../../components/public-shell';
import { PreviewSource } from '../model/report-source';
import { type ReportPageName, reportPages } from './report-pages';

const PAGES = Object.keys(reportPages) as ReportPageName[];
const lazyPages = {} as Record<ReportPageName, ComponentType>;
for (const name of PAGES) lazyPages[name] = lazy(reportPages[name]);

const isPage = (value: string | null): value is ReportPageName => PAGES.includes(value as ReportPageName);

/** `/preview`: the report pages, read-only, on the generated demo site, without an account. */
export default function PreviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('report');
  const active: ReportPageName = isPage(requested) ? requested : 'overview';
  const Page = lazyPages[active];
  return (
    <PublicShell>
      <div className="preview-page" data-testid="preview-page">
        <Typography.Title level={3}>{t('reports.preview.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('reports.preview.subtitle')}</Typography.Paragraph>
        {/*
          Links, not antd's Tabs: each report is its own address, and antd puts its overflow button
          inside role="tablist" once the tabs do not fit (axe: aria-required-children).
        */}
        <nav className="preview-nav" aria-label={t('reports.preview.nav')} data-testid="preview-nav">
          <ul>
            {PAGES.map((name) => (
              <li key={name}>
                <Link
                  to={{ search: `?report=${name}` }}
                  replace
                  aria-current={name === active ? 'page' : undefined}
                >
                  {t(`reports.title.${name}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <PreviewSource>
          <Suspense fallback={<Spin />}>
            <Page />
          </Suspense>
        </PreviewSource>
      </div>
    </PublicShell>
  );
}
