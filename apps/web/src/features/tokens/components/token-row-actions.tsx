import type { Client } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@/components/icons/delete-outline';
import Autorenew from '@/components/icons/autorenew';
import type { TokenActions } from './use-token-dialogs';

/**
 * A row's delete and rotate buttons, each only for a role that may use it (a member opens the token
 * to read why). Their clicks stay here: they must not open the row's details.
 */
export function TokenRowActions({ client, actions }: { client: Client; actions: TokenActions }) {
  if (!actions.deletePermission.allowed && !actions.rotatePermission.allowed) return null;
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5 }} onClick={(event) => event.stopPropagation()}>
      {actions.deletePermission.allowed ? (
        <Tooltip title="Delete token">
          <IconButton
            size="small"
            aria-label={`Delete ${client.label}`}
            onClick={() => actions.openDelete(client)}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {actions.rotatePermission.allowed ? (
        <Tooltip title="Rotate token">
          <IconButton
            size="small"
            aria-label={`Rotate ${client.label}`}
            onClick={() => actions.openRotate(client)}
          >
            <Autorenew fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Box>
  );
}
