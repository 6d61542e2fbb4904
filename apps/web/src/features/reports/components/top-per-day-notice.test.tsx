import '../messages';
import { EXACT_TABLE_DAYS } from '@tally/contracts';
import { render, within } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { TopListsNote, TopPerDayNotice } from './top-per-day-notice';

// Only within what each test rendered: notices other files left in the shared document stay (src/test/setup.ts).
describe('report tables: the notice over long periods', () => {
  // The test files share one i18next (vitest.config.ts, `isolate: false`): leave its language as found.
  let language = 'en';
  beforeAll(() => {
    language = initI18n('zh').language;
  });
  afterAll(() => void i18next.changeLanguage(language));

  it('zh: the period limit, the answer’s top per day, what they are ranked by; no address count unless given', async () => {
    await act(() => i18next.changeLanguage('zh'));
    const { container } = render(<TopPerDayNotice topPerDay={1_000} />);
    const alert = within(container).getByRole('alert');
    expect(alert.textContent).toContain(`超过 ${EXACT_TABLE_DAYS} 天的时段`);
    expect(alert.textContent).toContain('每天访问次数前 1,000 名');
    expect(alert.textContent).toContain('总计仍为准确值');
    expect(alert.textContent).not.toContain('全部 IP');

    const pages = render(<TopPerDayNotice topPerDay={100} rankedBy="pv" />);
    expect(within(pages.container).getByRole('alert').textContent).toContain('每天浏览量前 100 名');
  });

  it('zh: the IP table’s estimated count of all addresses, with separators', async () => {
    await act(() => i18next.changeLanguage('zh'));
    const { container } = render(<TopPerDayNotice topPerDay={100} addresses={1_234_567} />);
    const text = within(container).getByRole('alert').textContent;
    expect(text).toContain('每天访问次数前 100 名');
    expect(text).toContain('全部 IP 约 1,234,567 个');
  });

  it('en: the same in English', async () => {
    await act(() => i18next.changeLanguage('en'));
    const { container } = render(<TopPerDayNotice topPerDay={50} />);
    const text = within(container).getByRole('alert').textContent;
    expect(text).toContain(`Periods over ${EXACT_TABLE_DAYS} days`);
    expect(text).toContain("each day's top 50 by visits");
    expect(text).toContain('the totals above stay exact');
    expect(text).not.toContain('addresses in all');

    const pages = render(<TopPerDayNotice topPerDay={100} rankedBy="pv" />);
    expect(within(pages.container).getByRole('alert').textContent).toContain(
      "each day's top 100 by page views",
    );

    const ip = render(<TopPerDayNotice topPerDay={100} addresses={987_654} />);
    expect(within(ip.container).getByRole('alert').textContent).toContain(
      'stay exact. About 987,654 addresses in all',
    );
  });

  it('nothing when the list holds every key (top_per_day null), addresses or not', () => {
    for (const element of [
      <TopPerDayNotice key="a" topPerDay={null} />,
      <TopPerDayNotice key="b" topPerDay={null} addresses={null} />,
      <TopPerDayNotice key="c" topPerDay={undefined} />,
    ]) {
      const { container } = render(element);
      expect(container.childElementCount).toBe(0);
    }
  });

  it('the overview’s line: the first sentence for its lists, nothing when null', async () => {
    await act(() => i18next.changeLanguage('zh'));
    const zh = render(<TopListsNote topPerDay={100} />);
    expect(zh.container.textContent).toContain(
      `超过 ${EXACT_TABLE_DAYS} 天的时段：以下列表只含每天前 100 名`,
    );
    await act(() => i18next.changeLanguage('en'));
    const en = render(<TopListsNote topPerDay={2_000} />);
    expect(en.container.textContent).toContain(
      `Periods over ${EXACT_TABLE_DAYS} days: these lists hold each day's top 2,000`,
    );
    expect(render(<TopListsNote topPerDay={null} />).container.childElementCount).toBe(0);
  });
});
