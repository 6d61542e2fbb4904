import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh module each test: once loaded, the real picker is rendered at once. */
async function fresh() {
  vi.resetModules();
  return (await import('./keyboard-range-picker')).KeyboardRangePicker;
}

// The first import of antd's pickers takes seconds on a busy machine.
/**
 * The range filter is a stand-in until used (issue 29: the date pickers stay off first loads); the
 * focus swaps in antd's real picker on the same field, and a value shows the same in both.
 */
describe('KeyboardRangePicker: a stand-in until used', () => {
  let KeyboardRangePicker: Awaited<ReturnType<typeof fresh>>;
  beforeEach(async () => {
    KeyboardRangePicker = await fresh();
  });

  it('shows the value in the stand-in, then swaps in the real picker with the focus on that field', async () => {
    const value: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-11-01'), dayjs('2026-11-07')];
    const { container } = render(
      <KeyboardRangePicker value={value} placeholder={['from', 'to']} data-testid="days" />,
    );
    expect(container.querySelector('.ant-picker')).toBeNull();
    const [start, end] = screen.getAllByTestId('days') as HTMLInputElement[];
    expect([start.value, end.value]).toEqual(['2026-11-01', '2026-11-07']);

    act(() => end.focus());
    await waitFor(() => expect(container.querySelector('.ant-picker-range')).not.toBeNull(), {
      timeout: 10_000,
    });
    const real = container.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
    expect(document.activeElement).toBe(real[1]);
    expect([real[0].value, real[1].value]).toEqual(['2026-11-01', '2026-11-07']);
  }, 30_000);

  it('a press beside the fields opens the real picker on the first one', async () => {
    const { container } = render(<KeyboardRangePicker placeholder={['from', 'to']} />);
    const frame = container.firstElementChild as HTMLElement;
    fireEvent.mouseDown(frame);
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(document.activeElement).toBe(container.querySelector('.ant-picker-range input'));
  }, 30_000);
});
