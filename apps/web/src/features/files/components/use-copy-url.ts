import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';

/** Copies a file's full address (the stored url is site-relative). */
export function useCopyUrl(): (url: string) => void {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return (url) => {
    const full = new URL(url, window.location.origin).href;
    navigator.clipboard.writeText(full).then(
      () => void message.success(t('files.copied')),
      () => void message.warning(t('files.copyFailed', { url: full })),
    );
  };
}
