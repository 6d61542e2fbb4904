import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('page exploded');
}

describe('RouteErrorBoundary', () => {
  it('shows the error page when a page throws, and leaves it when the location changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/a">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('page exploded');
    rerender(
      <RouteErrorBoundary resetKey="/b">
        <p>fine again</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('fine again')).toBeTruthy();
  });
});
