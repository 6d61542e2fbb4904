import type { ConsoleFigure } from '@tally/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { FigureTiles } from './figure-tiles';

const count = (key: string, value: number): ConsoleFigure => ({
  key,
  kind: 'count',
  value,
  status: 'ok',
  href: null,
  label: { zh: key, en: key },
});

describe('console tiles: counts through the seed number formatter', () => {
  beforeAll(() => void initI18n('zh'));
  it('shows counts under 100,000 exactly with separators, larger ones short with the exact one as title', () => {
    render(
      <MemoryRouter>
        <FigureTiles
          figures={[
            count('small', 999),
            count('medium', 98_765),
            count('large', 1_234_567),
            count('huge', 3_200_000_000),
            { ...count('usdt', 0), kind: 'usdt', value: '1234567.50' },
          ]}
        />
      </MemoryRouter>,
    );
    const value = (key: string) => screen.getByTestId(`console-${key}`).querySelector('.console-tile-value')!;
    expect(value('small').textContent).toBe('999');
    expect(value('medium').textContent).toBe('98,765');
    expect(value('large').textContent).toBe('1.2M');
    expect(screen.getByText('1.2M').getAttribute('title')).toBe('1,234,567');
    expect(value('huge').textContent).toBe('3.2G');
    // Money is never shortened: an exact decimal, grouped.
    expect(value('usdt').textContent).toBe('1,234,567.50 USDT');
  });
});
