import type { CompanyRole, TeamMember } from '@datafeeds/domain';
import { describe, expect, it } from 'vitest';
import { offeredActions, type Viewer } from './member-actions';

const person = (id: string, role: CompanyRole): TeamMember => ({
  id,
  role,
  firstName: 'Ann',
  lastName: 'Tester',
  email: `${id}@example.com`,
  joinedAt: '2026-01-01T00:00:00.000Z',
});

const ownerViewer: Viewer = { id: 'me', canManage: true, canTransferOwnership: true };
const adminViewer: Viewer = { id: 'me', canManage: true, canTransferOwnership: false };
const memberViewer: Viewer = { id: 'me', canManage: false, canTransferOwnership: false };
const all = { changeRole: true, handOver: true, remove: true };

describe('offeredActions', () => {
  it.each<[string, Viewer, TeamMember, ReturnType<typeof offeredActions>]>([
    ['the owner, on an admin', ownerViewer, person('other', 'admin'), all],
    ['the owner, on a member', ownerViewer, person('other', 'member'), { ...all, handOver: false }],
    ['the owner, on their own row', ownerViewer, person('me', 'owner'), null],
    ['an admin, on the owner', adminViewer, person('other', 'owner'), null],
    ['an admin, on another admin', adminViewer, person('other', 'admin'), { ...all, handOver: false }],
    ['an admin, on a member', adminViewer, person('other', 'member'), { ...all, handOver: false }],
    ['an admin, on their own row', adminViewer, person('me', 'admin'), null],
    ['a member, on anyone', memberViewer, person('other', 'member'), null],
  ])('%s', (_, viewer, member, offered) => {
    expect(offeredActions(viewer, member)).toEqual(offered);
  });
});
