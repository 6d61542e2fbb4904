import type { SiteSummary } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app';
import { useFeedback } from './feedback';

/** Seed section 2: choosing a site says 已切换至：{site} for 3000 ms. */
const SWITCH_MESSAGE_S = 3;

/** Selects a site and says so, the same way from the header selector and from /sites/select. */
export function useSwitchSite(): (site: SiteSummary) => void {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const setSite = useAppStore((s) => s.setSite);
  return (site) => {
    setSite(site);
    void message.success({ content: t('sites.switched', { site: site.name }), duration: SWITCH_MESSAGE_S });
  };
}
