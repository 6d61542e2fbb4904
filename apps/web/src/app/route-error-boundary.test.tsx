import { render, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('page exploded');
}

describe('RouteErrorBoundary', () => {
  it('shows the error page when a page throws, and leaves it when the location changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Within what it rendered: another file's error notice (role alert too) may still be leaving.
    const { container, rerender } = render(
      <RouteErrorBoundary resetKey="/a">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(within(container).getByRole('alert').textContent).toContain('page exploded');
    rerender(
      <RouteErrorBoundary resetKey="/b">
        <p>fine again</p>
      </RouteErrorBoundary>,
    );
    expect(within(container).getByText('fine again')).toBeTruthy();
  });
});
