import { UNSAFE_createMemoryHistory } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { blockableHistory } from './blockable-history';

/** A history at /result after /dashboard, whose router (the listener) has seen every move it let through. */
function setUp() {
  const history = blockableHistory(
    UNSAFE_createMemoryHistory({
      initialEntries: ['/dashboard', '/result'],
      initialIndex: 1,
      v5Compat: true,
    }),
  );
  const seen: string[] = [];
  history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}`));
  const onChange = vi.fn();
  history.subscribeToBlocker(onChange);
  return { history, seen, onChange };
}

describe('blockableHistory', () => {
  it('lets every navigation through while no blocker is set', () => {
    const { history, seen } = setUp();
    history.push('/profile');
    history.replace('/team');
    history.go(-1);
    expect(seen).toEqual(['PUSH /profile', 'REPLACE /team', 'POP /result']);
    expect(history.blockerState()).toBe('unblocked');
  });

  it('holds a push back until proceed, and drops it on reset', () => {
    const { history, seen, onChange } = setUp();
    history.setBlocker(({ nextLocation }) => nextLocation.pathname !== '/login');
    history.push('/dashboard?page=2');
    expect(history.blockerState()).toBe('blocked');
    expect(onChange).toHaveBeenCalled();
    expect(history.location.pathname).toBe('/result');
    history.reset();
    expect(history.blockerState()).toBe('unblocked');
    expect(seen).toEqual([]);

    history.push('/dashboard?page=2');
    history.proceed();
    expect(history.blockerState()).toBe('unblocked');
    expect(seen).toEqual(['PUSH /dashboard']);
    expect(history.location.search).toBe('?page=2');
  });

  it('lets through what the blocker allows, even while another navigation is held back', () => {
    const { history, seen } = setUp();
    history.setBlocker(({ nextLocation }) => nextLocation.pathname !== '/login');
    history.push('/profile');
    history.replace('/login');
    expect(history.blockerState()).toBe('unblocked');
    expect(seen).toEqual(['REPLACE /login']);
  });

  it('undoes a blocked back button and replays it on proceed', () => {
    const { history, seen } = setUp();
    history.setBlocker(() => true);
    history.go(-1);
    expect(history.blockerState()).toBe('blocked');
    expect(history.location.pathname).toBe('/result');
    expect(seen).toEqual([]);
    history.proceed();
    expect(history.location.pathname).toBe('/dashboard');
    expect(seen).toEqual(['POP /dashboard']);
  });

  it('forgets its blocker and what it held back once the blocker is removed', () => {
    const { history, seen } = setUp();
    const remove = history.setBlocker(() => true);
    history.push('/profile');
    remove();
    expect(history.blockerState()).toBe('unblocked');
    history.push('/team');
    expect(seen).toEqual(['PUSH /team']);
  });
});
