import type { ReactNode } from 'react';
import { API_TYPE_LABELS, formatDate, type Client } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Autorenew from '@/components/icons/autorenew';
import DeleteOutline from '@/components/icons/delete-outline';
import { CopyButton } from '@/components/credentials/copy-button';
import { LastUsed } from './last-used';
import { TokenDescription } from './token-description';
import { TokenStatusChip } from './token-status-chip';
import type { Permission } from '@/lib/account/use-permission';
import type { TokenActions } from './use-token-dialogs';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mb: { xs: 1.5, sm: 0 }, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** Why the buttons above are disabled for the user's role: each reason once, as text anyone can read. */
function ActionRefusals({ permissions }: { permissions: Permission[] }) {
  const reasons = [...new Set(permissions.flatMap(({ reason }) => (reason === null ? [] : [reason])))];
  if (reasons.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      {reasons.map((reason) => (
        <Typography key={reason} variant="body2" color="text.secondary">
          {reason}
        </Typography>
      ))}
    </Box>
  );
}

/** Every field of one token, and its Rotate and Delete buttons. */
export function TokenFields({ client, actions }: { client: Client; actions: TokenActions }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '160px minmax(0, 1fr)' },
          alignItems: 'center',
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 2 },
          m: 0,
        }}
      >
        <Field label="Client ID">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {client.id}
          </Box>{' '}
          <CopyButton value={client.id} label="Client ID" />
        </Field>
        <Field label="Nickname">{client.label}</Field>
        <Field label="API Type">{API_TYPE_LABELS[client.apiType]}</Field>
        <Field label="Status">
          <TokenStatusChip status={client.status} />
        </Field>
        <Field label="In Review">{client.inReview ? 'Yes' : 'No'}</Field>
        <Field label="Description">
          <TokenDescription scope={client.scope} />
        </Field>
        <Field label="Created">{formatDate(client.createdAt)}</Field>
        <Field label="Updated">{formatDate(client.updatedAt)}</Field>
        <Field label="Expires">{formatDate(client.expiredAt)}</Field>
        <Field label="Last used">
          <LastUsed at={client.lastUsedAt} />
        </Field>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
        <Button
          variant="outlined"
          startIcon={<Autorenew />}
          disabled={!actions.rotatePermission.allowed}
          onClick={() => actions.openRotate(client)}
        >
          Rotate
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutline />}
          disabled={!actions.deletePermission.allowed}
          onClick={() => actions.openDelete(client)}
        >
          Delete
        </Button>
      </Box>
      <ActionRefusals permissions={[actions.rotatePermission, actions.deletePermission]} />
    </Paper>
  );
}
