// A token's part of today's quota on API Token Details (design §10): its requests today and their share
// of the company's, its own daily cap if it has one, and — for those who may rotate it — a way to set or
// remove that cap (disabled, with the reason, for the others). The numbers come from the same quota query
// as the plan card and the banner.
import { useState } from 'react';
import { CAP_REFUSAL, roleMay, type Client } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import TuneOutlined from '@/components/icons/tune-outlined';
import { visuallyHidden } from '@/components/a11y/visually-hidden';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { useUser } from '@/lib/account/user';
import { useQuota } from '../api/get-quota';
import { TokenCapDialog } from './token-cap-dialog';
import { PLAN_LOADING } from './quota-texts';
import {
  capReachedText,
  capText,
  SET_CAP_BUTTON,
  TOKEN_QUOTA_HEADING,
  TOKEN_QUOTA_LOAD_FAILED,
  tokenShareText,
} from './token-quota-texts';

export function TokenQuotaSection({ client }: { client: Pick<Client, 'id' | 'label' | 'dailyCap'> }) {
  const quotaQuery = useQuota();
  const { data: user } = useUser();
  // As Rotate and Delete: disabled with the reason for a role that may not, once the role is known.
  const mayCap = roleMay(user?.role, 'rotateToken');
  const capRefused = user !== undefined && !mayCap;
  // A fresh form for every opening, holding the cap of that moment.
  const [dialog, setDialog] = useState({ open: false, key: 0 });
  const quota = quotaQuery.data;

  let body;
  if (quota) {
    const mine = quota.tokens.find(({ clientId }) => clientId === client.id);
    const usedToday = mine?.usedToday ?? 0;
    // The quota answer is the fresher (it refreshes every few seconds); the token's own record covers a
    // token the quota does not list.
    const dailyCap = mine ? mine.dailyCap : client.dailyCap;
    body = (
      <>
        <Typography>{tokenShareText(usedToday, quota.usedToday)}</Typography>
        <Typography color="text.secondary">{capText(dailyCap, quota.plan.dailyQuota)}</Typography>
        {dailyCap !== null && usedToday >= dailyCap ? (
          <Typography color="error" sx={{ mt: 0.5 }}>
            {capReachedText}
          </Typography>
        ) : null}
        <Button
          variant="outlined"
          startIcon={<TuneOutlined />}
          sx={{ mt: 2 }}
          disabled={!mayCap}
          aria-describedby={capRefused ? 'token-cap-refusal' : undefined}
          onClick={() => setDialog(({ key }) => ({ open: true, key: key + 1 }))}
        >
          {SET_CAP_BUTTON}
        </Button>
        {capRefused ? (
          <Typography id="token-cap-refusal" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {CAP_REFUSAL}
          </Typography>
        ) : null}
        {mayCap ? (
          <>
            <TokenCapDialog
              key={dialog.key}
              clientId={client.id}
              label={client.label}
              dailyCap={dailyCap}
              dailyQuota={quota.plan.dailyQuota}
              open={dialog.open}
              onClose={() => setDialog(({ key }) => ({ open: false, key }))}
            />
          </>
        ) : null}
      </>
    );
  } else if (quotaQuery.isError) {
    body = (
      <LoadFailedAlert onRetry={() => void quotaQuery.refetch()}>{TOKEN_QUOTA_LOAD_FAILED}</LoadFailedAlert>
    );
  } else {
    body = (
      <Box role="status">
        <Box component="span" sx={visuallyHidden}>
          {PLAN_LOADING}
        </Box>
        <Skeleton variant="text" width={280} />
        <Skeleton variant="text" width={220} />
      </Box>
    );
  }

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="token-quota-heading"
      sx={{ p: { xs: 2, md: 3 }, mt: 3, minWidth: 0 }}
    >
      <Typography id="token-quota-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        {TOKEN_QUOTA_HEADING}
      </Typography>
      {body}
    </Paper>
  );
}
