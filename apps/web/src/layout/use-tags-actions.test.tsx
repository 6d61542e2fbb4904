import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTagsViewStore, type VisitedView } from '../stores/tags-view';
import { useTagsActions } from './use-tags-actions';

const view = (path: string): VisitedView => ({ path, fullPath: path, title: path });

/** A page whose code never arrives. */
const NeverLoads = lazy(() => new Promise<never>(() => undefined));

/** The handlers a click reaches are those of the last committed render, as in the tags bar. */
function Probe() {
  const navigate = useNavigate();
  const actions = useTagsActions();
  return (
    <>
      <button type="button" onClick={() => navigate('/groups')}>
        open
      </button>
      <button type="button" onClick={() => actions.close(view('/groups'))}>
        close
      </button>
    </>
  );
}

describe('tag actions while a navigation is still rendering', () => {
  it('closing the tag of the page being opened goes to the last remaining view', async () => {
    // BrowserRouter renders a navigation in a transition: until the new page has rendered (here: never),
    // useLocation still names the page before, while the address is already the new one.
    window.history.replaceState(null, '', '/users');
    render(
      <BrowserRouter>
        <Probe />
        <Suspense fallback="loading">
          <Routes>
            <Route path="/users" element="users" />
            <Route path="/bots" element="bots" />
            <Route path="/groups" element={<NeverLoads />} />
          </Routes>
        </Suspense>
      </BrowserRouter>,
    );
    useTagsViewStore.setState({ visitedViews: [view('/users'), view('/bots'), view('/groups')] });
    await act(async () => fireEvent.click(screen.getByText('open')));
    expect(window.location.pathname).toBe('/groups');
    expect(screen.getByText('users')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('close')));
    expect(useTagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/users', '/bots']);
    expect(window.location.pathname).toBe('/bots');
  });
});
