import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh module each test: once loaded, the real picker is rendered at once. */
async function fresh() {
  vi.resetModules();
  return (await import('./keyboard-date-picker')).KeyboardDatePicker;
}

/**
 * A form's date field is a stand-in until used (issue 29: the date pickers stay off first loads); the
 * focus swaps in antd's real picker, with the same value, the same test id and the focus on its input.
 */
describe('KeyboardDatePicker: a stand-in until used', () => {
  let KeyboardDatePicker: Awaited<ReturnType<typeof fresh>>;
  beforeEach(async () => {
    KeyboardDatePicker = await fresh();
  });

  it('shows the value in the stand-in, then swaps in the real picker with the focus on it', async () => {
    const value = dayjs('2026-11-01T08:30:00');
    const { container } = render(
      <KeyboardDatePicker showTime format="YYYY-MM-DD HH:mm" value={value} data-testid="when" />,
    );
    expect(container.querySelector('.ant-picker')).toBeNull();
    const standIn = screen.getByTestId('when') as HTMLInputElement;
    expect(standIn.value).toBe('2026-11-01 08:30');

    act(() => standIn.focus());
    await waitFor(() => expect(container.querySelector('.ant-picker')).not.toBeNull(), { timeout: 10_000 });
    const real = container.querySelector<HTMLInputElement>('.ant-picker input');
    expect(document.activeElement).toBe(real);
    expect(real?.value).toBe('2026-11-01 08:30');
    expect(screen.getByTestId('when')).toBe(real);
  }, 30_000);

  it('a press opens the real picker, and a pick reaches onChange as a Dayjs', async () => {
    const onChange = vi.fn();
    const { container } = render(<KeyboardDatePicker onChange={onChange} placeholder="when" />);
    fireEvent.mouseDown(container.firstElementChild as HTMLElement);
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(document.activeElement).toBe(container.querySelector('.ant-picker input'));
    fireEvent.click(document.querySelector('.ant-picker-dropdown .ant-picker-cell-in-view') as HTMLElement);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(dayjs.isDayjs(onChange.mock.calls[0][0])).toBe(true);
  }, 30_000);
});
