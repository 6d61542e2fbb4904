import '../messages';
import { EXACT_IP_DAYS } from '@tally/contracts';
import { render, within } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { IpEstimateNotice } from './ip-estimate-notice';

const estimate = { addresses: 1_234_567, top_per_day: 100 };

// Only within what each test rendered: notices other files left in the shared document stay (src/test/setup.ts).
describe('IP table: the notice over long periods', () => {
  // The test files share one i18next (vitest.config.ts, `isolate: false`): leave its language as found.
  let language = 'en';
  beforeAll(() => {
    language = initI18n('zh').language;
  });
  afterAll(() => void i18next.changeLanguage(language));

  it('zh: the period limit, the answer’s top per day and the estimated count with separators', async () => {
    await act(() => i18next.changeLanguage('zh'));
    const { container } = render(<IpEstimateNotice estimate={estimate} />);
    const alert = within(container).getByRole('alert');
    expect(alert.textContent).toContain(`超过 ${EXACT_IP_DAYS} 天的时段`);
    expect(alert.textContent).toContain('前 100 的 IP');
    expect(alert.textContent).toContain('全部 IP 约 1,234,567 个');
  });

  it('en: the same figures in English', async () => {
    await act(() => i18next.changeLanguage('en'));
    const { container } = render(<IpEstimateNotice estimate={{ addresses: 987_654, top_per_day: 50 }} />);
    const alert = within(container).getByRole('alert');
    expect(alert.textContent).toContain(`Periods over ${EXACT_IP_DAYS} days`);
    expect(alert.textContent).toContain("each day's 50 addresses");
    expect(alert.textContent).toContain('about 987,654 addresses in all');
  });

  it('nothing when the table is exact (estimate null)', () => {
    const { container } = render(<IpEstimateNotice estimate={null} />);
    expect(container.childElementCount).toBe(0);
    expect(within(container).queryByRole('alert')).toBeNull();
  });
});
