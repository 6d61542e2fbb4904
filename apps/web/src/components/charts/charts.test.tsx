import { fireEvent, render } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxisChart } from './axis-chart';
import { PieChart } from './pie-chart';

// jsdom lays nothing out: the charts get a 600 px wide box (test/setup.ts gives a ResizeObserver that never fires).
const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
});
afterAll(() => {
  if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width);
});

describe('AxisChart', () => {
  const series = [
    { name: 'today', values: [1, 3, null, 2] },
    { name: 'yesterday', values: [2, 2, 2, 2], dashed: true },
  ];
  it('draws a line per series (broken at a gap), dashed for the previous period, with a legend that hides one', () => {
    const { container, getByRole } = render(
      <AxisChart kind="line" categories={['a', 'b', 'c', 'd']} series={series} height={200} legend />,
    );
    const lines = () => container.querySelectorAll('path[fill="none"]');
    // today: two runs (the gap at c), yesterday: one run.
    expect(lines()).toHaveLength(3);
    expect(container.querySelector('path[stroke-dasharray="5 5"]')).not.toBeNull();
    fireEvent.click(getByRole('button', { name: 'yesterday' }));
    expect(lines()).toHaveLength(2);
    expect(getByRole('button', { name: 'yesterday' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('stacks columns: the second series starts where the first ends', () => {
    const { container } = render(
      <AxisChart
        kind="bar"
        stacked
        categories={['a']}
        series={[
          { name: 'done', values: [3] },
          { name: 'failed', values: [1] },
        ]}
        height={200}
        minInterval={1}
      />,
    );
    const [done, failed] = [...container.querySelectorAll('g[fill] rect')] as SVGRectElement[];
    const y = (r: SVGRectElement | undefined, key: string) => Number(r?.getAttribute(key));
    expect(y(failed, 'y') + y(failed, 'height')).toBeCloseTo(y(done, 'y'));
  });
});

describe('PieChart', () => {
  it('prints each share inside its slice and leaves slivers without one', () => {
    const { container } = render(
      <PieChart
        slices={[
          { name: 'new', value: 3 },
          { name: 'returning', value: 1 },
          { name: 'bots', value: 0.04 },
        ]}
        height={260}
      />,
    );
    const labels = [...container.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toEqual(['74%', '25%']);
    expect(container.querySelectorAll('path')).toHaveLength(3);
  });
});
