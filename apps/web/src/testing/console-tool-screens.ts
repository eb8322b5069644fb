// What the tool screens' tests share besides console-doubles.ts: the signed-in member as support or
// admin (with the ids the staff list and the trail name), and the screen rendered in a staff session.
import type { ConsoleStaffMember } from '@datafeeds/domain';
import * as staffConsole from '@datafeeds/domain/calls/console';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { answer, type CallDouble } from './call-doubles';
import { renderApp } from './render';
import { signInStaff } from './console-doubles';

export const ADMIN_ID = '5d9c1e1a-6a57-4a52-9b1e-0a2f1c3b4d5e';
const SUPPORT_ID = '8b0f6f4c-2f61-4d8c-8a3b-7e1f2a3c4d5f';

/** The admin signed in by `signedInAs('admin')`, as the staff list shows them. */
export const adminAccount: ConsoleStaffMember = {
  id: ADMIN_ID,
  email: 'ada@datafeeds.example',
  role: 'admin',
  state: 'active',
  lockedUntil: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

export function signedInAs(role: 'admin' | 'support'): CallDouble {
  return answer(staffConsole.getStaffMe, {
    body:
      role === 'admin'
        ? { id: ADMIN_ID, email: 'ada@datafeeds.example', role }
        : { id: SUPPORT_ID, email: 'sam@datafeeds.example', role },
  });
}

/** Renders the tool screen at `url` with a staff session, as the console shell would show it. */
export function renderTool(url: string) {
  signInStaff();
  return renderApp(url);
}

/** The named button once it is enabled (the actions wait for the signed-in member's role). */
export async function enabledButton(name: string | RegExp): Promise<HTMLElement> {
  let button: HTMLElement | undefined;
  await waitFor(() => {
    button = screen.getByRole('button', { name });
    expect(button).toBeEnabled();
  });
  return button!;
}
