// The console's overview (design §11 "Screens"): the counts the provider team starts the day with, each
// a link to the list it counts (companies by status, trials ending soon, the queues, emails failed and
// failing). Today's verifications and refusals are over every company, and no page lists them: they say
// what they count, and where a company's own figures are.
import { useId, type ReactNode } from 'react';
import { COMPANY_ACCOUNT_STATUSES, TRIAL_ENDING_SOON_DAYS } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { ConsolePageHeader } from '@/components/console/console-page-header';
import { QueryState } from '@/components/console/query-state';
import { consolePaths, REVIEWS_SECTION_ID, UPGRADES_SECTION_ID } from '@/config/console-paths';
import { useConsoleOverview } from '../api/get-console-overview';
import { ACCOUNT_STATUS_LABELS } from '@/components/console/console-texts';
import { companiesSearch } from '@/lib/console/companies-search';
import { outboxPath } from '@/lib/console/outbox-view';

const TODAY_HELP = "Over every company since midnight UTC. A company's page shows its own.";

function Figure({ label, value, to, help }: { label: string; value: number; to?: string; help?: string }) {
  const helpId = useId();
  const content = (
    <CardContent>
      <Typography color="text.secondary" component="span" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="h4" component="span" sx={{ display: 'block', mt: 1 }}>
        {value.toLocaleString('en')}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      {to ? (
        <CardActionArea
          component={Link}
          to={to}
          aria-describedby={help ? helpId : undefined}
          sx={{ height: help ? undefined : '100%' }}
        >
          {content}
        </CardActionArea>
      ) : (
        content
      )}
      {/* Beside the link rather than in it: the link's name stays the label and the figure. */}
      {help ? (
        <Typography id={helpId} variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {help}
        </Typography>
      ) : null}
    </Card>
  );
}

function FigureGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 4 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box
        component="ul"
        aria-label={title}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          gap: 2,
          p: 0,
          m: 0,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

export function ConsoleOverview() {
  const overview = useConsoleOverview();
  return (
    <>
      <ConsolePageHeader title="Overview" />
      <QueryState
        query={overview}
        loadingLabel="Loading the overview"
        failedText="The overview could not be loaded. Check your connection and try again."
      >
        {(counts) => (
          <>
            <FigureGroup title="Companies">
              {COMPANY_ACCOUNT_STATUSES.map((status) => (
                <Figure
                  key={status}
                  label={`${ACCOUNT_STATUS_LABELS[status]} companies`}
                  value={counts.companiesByStatus[status]}
                  to={companiesSearch({ status })}
                />
              ))}
              <Figure
                label={`Trials ending within ${TRIAL_ENDING_SOON_DAYS} days`}
                value={counts.trialsEndingSoon}
                to={companiesSearch({ trialEndingSoon: true })}
              />
            </FigureGroup>
            <FigureGroup title="Waiting for the team">
              <Figure
                label="Upgrade requests"
                value={counts.upgradeRequestsWaiting}
                to={`${consolePaths.queues}#${UPGRADES_SECTION_ID}`}
              />
              <Figure
                label="Tokens under review"
                value={counts.tokensUnderReview}
                to={`${consolePaths.queues}#${REVIEWS_SECTION_ID}`}
              />
              <Figure
                label="Failed emails"
                value={counts.failedEmails}
                to={outboxPath('failed')}
                help="Given up on: sent only if retried."
              />
              <Figure
                label="Failing emails"
                value={counts.failingEmails}
                to={outboxPath('pending')}
                help="Still being tried: the mail server refused the last attempt."
              />
            </FigureGroup>
            <FigureGroup title="Today (UTC)">
              <Figure
                label="Verifications admitted today"
                value={counts.verificationsToday}
                help={TODAY_HELP}
              />
              <Figure label="Verifications refused today" value={counts.refusedToday} help={TODAY_HELP} />
            </FigureGroup>
          </>
        )}
      </QueryState>
    </>
  );
}
