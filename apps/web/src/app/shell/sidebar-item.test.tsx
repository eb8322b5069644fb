import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { advanceClock, startFakeClock } from '@/testing/fake-clock';
import { SidebarItem } from './sidebar-item';

function renderItem(collapsed: boolean) {
  const item = (isCollapsed: boolean) => (
    <MemoryRouter>
      <SidebarItem icon={<span />} label="Team" to="/team" collapsed={isCollapsed} />
    </MemoryRouter>
  );
  const view = render(item(collapsed));
  return { collapse: () => view.rerender(item(true)) };
}

describe('sidebar entry', () => {
  it('shows its label as a tooltip when collapsed and hovered', async () => {
    const user = startFakeClock();
    renderItem(true);
    await user.hover(screen.getByRole('link', { name: 'Team' }));
    await advanceClock(500);
    expect(screen.getByRole('tooltip', { name: 'Team' })).toBeVisible();
  });

  it('does not show a tooltip by itself when the sidebar collapses under a pointer resting on it', async () => {
    const user = startFakeClock();
    const { collapse } = renderItem(false);
    await user.hover(screen.getByRole('link', { name: 'Team' }));
    await advanceClock(500);
    act(collapse);
    await advanceClock(500);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
