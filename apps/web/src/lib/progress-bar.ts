import i18next from 'i18next';
import NProgress from 'nprogress';

/**
 * nprogress's own markup names its bar `role="bar"`, which is no ARIA role (axe: aria-allowed-role);
 * ours is a progressbar named in the interface language (issue 29), without the spinner.
 */
function template(label: string): string {
  const name = label.replace(/[<>&"]/g, '');
  return `<div class="bar" role="progressbar" aria-label="${name}"><div class="peg"></div></div>`;
}

/** Starts the top progress bar, labelled in the current language. */
export function startProgress(): void {
  NProgress.configure({
    showSpinner: false,
    barSelector: '[role="progressbar"]',
    template: template(i18next.t('pageLoading.title')),
  });
  NProgress.start();
}
