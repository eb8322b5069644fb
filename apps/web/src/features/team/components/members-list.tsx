// The members, one row each: name (and "You"), email, role, joined date, and the actions the viewer may
// take. Rows, not a table: at 360 px a row stacks its parts instead of scrolling sideways.
import { COMPANY_ROLE_LABELS, type TeamMember } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { offeredActions } from './member-actions';
import { MemberActionsMenu, type MemberActionHandlers } from './member-actions-menu';
import { joinedText, memberName, YOU_MARKER } from './team-texts';

interface MembersListProps extends MemberActionHandlers {
  members: readonly TeamMember[];
  currentUserId: string;
  canManage: boolean;
  canTransferOwnership: boolean;
}

export function MembersList({
  members,
  currentUserId,
  canManage,
  canTransferOwnership,
  ...handlers
}: MembersListProps) {
  const viewer = { id: currentUserId, canManage, canTransferOwnership };
  return (
    <Paper variant="outlined" component="ul" aria-label="Members" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {members.map((member) => {
        const you = member.id === currentUserId;
        const offered = offeredActions(viewer, member);
        return (
          <Box
            key={member.id}
            component="li"
            aria-label={memberName(member)}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr) 40px', md: 'minmax(0, 1fr) 120px 160px 40px' },
              alignItems: 'center',
              columnGap: 2,
              rowGap: 0.5,
              px: 2,
              py: 1.5,
              '& + li': { borderTop: 1, borderColor: 'divider' },
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {memberName(member)}
                </Typography>
                {you ? <Chip label={YOU_MARKER} size="small" color="primary" variant="outlined" /> : null}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {member.email}
              </Typography>
            </Box>
            <Typography
              sx={{ gridRow: { xs: 2, md: 'auto' }, gridColumn: { xs: 1, md: 'auto' } }}
              variant="body2"
            >
              {COMPANY_ROLE_LABELS[member.role]}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ gridRow: { xs: 3, md: 'auto' }, gridColumn: { xs: 1, md: 'auto' } }}
            >
              {joinedText(member.joinedAt)}
            </Typography>
            <Box sx={{ gridRow: { xs: '1 / span 3', md: 'auto' }, gridColumn: { xs: 2, md: 'auto' } }}>
              {offered ? <MemberActionsMenu member={member} offered={offered} {...handlers} /> : null}
            </Box>
          </Box>
        );
      })}
    </Paper>
  );
}
