import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../stores/app';
import { RelativeTime } from './relative-time';

const NOW = Date.parse('2026-11-21T12:00:00');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('RelativeTime: the seed formatter in the lists', () => {
  afterEach(() => useAppStore.setState({ language: 'zh' }));

  it('Chinese: 刚刚, minutes, hours, 1天前, then the date, with the exact time in the tooltip', () => {
    useAppStore.setState({ language: 'zh' });
    const { rerender } = render(<RelativeTime value={ago(10_000)} now={NOW} />);
    expect(screen.getByText('刚刚').getAttribute('title')).toBe('2026-11-21 11:59:50');
    rerender(<RelativeTime value={ago(5 * 60_000)} now={NOW} />);
    expect(screen.getByText('5分钟前')).toBeTruthy();
    rerender(<RelativeTime value={ago(3 * 3_600_000)} now={NOW} />);
    expect(screen.getByText('3小时前')).toBeTruthy();
    rerender(<RelativeTime value={ago(30 * 3_600_000)} now={NOW} />);
    expect(screen.getByText('1天前')).toBeTruthy();
    rerender(<RelativeTime value={ago(3 * 86_400_000)} now={NOW} />);
    expect(screen.getByText('11月18日12时00分').getAttribute('dateTime')).toBe(ago(3 * 86_400_000));
  });

  it('English: the same steps in English', () => {
    useAppStore.setState({ language: 'en' });
    const { rerender } = render(<RelativeTime value={ago(10_000)} now={NOW} />);
    expect(screen.getByText('just now')).toBeTruthy();
    rerender(<RelativeTime value={ago(5 * 60_000)} now={NOW} />);
    expect(screen.getByText('5 min ago')).toBeTruthy();
    rerender(<RelativeTime value={ago(3 * 86_400_000)} now={NOW} />);
    expect(screen.getByText('2026-11-18 12:00')).toBeTruthy();
  });

  it('renders nothing for a value that is no time', () => {
    const { container } = render(<RelativeTime value="not a date" now={NOW} />);
    expect(container.textContent).toBe('');
  });
});
