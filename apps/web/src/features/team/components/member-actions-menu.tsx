// A member's actions for an admin or the owner: change the role between admin and member, hand
// ownership to an admin (owner only), remove; each only where member-actions.ts offers it.
import { useState } from 'react';
import { COMPANY_ROLE_LABELS, type TeamMember } from '@datafeeds/domain';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVert from '@/components/icons/more-vert';
import { useChangeMemberRole } from '../api/team-changes';
import { useChangeFeedback } from './change-feedback';
import type { OfferedActions } from './member-actions';
import { memberName, roleChangedText } from './team-texts';

export interface MemberActionHandlers {
  onRemove: (member: TeamMember) => void;
  onMakeOwner: (member: TeamMember) => void;
}

interface MemberActionsMenuProps extends MemberActionHandlers {
  member: TeamMember;
  offered: OfferedActions;
}

export function MemberActionsMenu({ member, offered, onRemove, onMakeOwner }: MemberActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const changeRole = useChangeMemberRole();
  const feedback = useChangeFeedback();
  const name = memberName(member);
  const nextRole = member.role === 'admin' ? 'member' : 'admin';
  const close = () => setAnchor(null);
  const menuId = `member-actions-${member.id}`;

  const change = () => {
    close();
    changeRole.mutate(
      { memberId: member.id, role: nextRole },
      {
        onSuccess: () => feedback.onSuccess(roleChangedText(name, nextRole)),
        onError: feedback.onError,
      },
    );
  };

  return (
    <>
      <IconButton
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        disabled={changeRole.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {offered.changeRole ? (
          <MenuItem onClick={change}>
            <ListItemText>Make {COMPANY_ROLE_LABELS[nextRole].toLowerCase()}</ListItemText>
          </MenuItem>
        ) : null}
        {offered.handOver ? (
          <MenuItem
            onClick={() => {
              close();
              onMakeOwner(member);
            }}
          >
            <ListItemText>Make owner</ListItemText>
          </MenuItem>
        ) : null}
        {offered.remove ? (
          <MenuItem
            onClick={() => {
              close();
              onRemove(member);
            }}
            sx={{ color: 'error.main' }}
          >
            <ListItemText>Remove from team</ListItemText>
          </MenuItem>
        ) : null}
      </Menu>
    </>
  );
}
