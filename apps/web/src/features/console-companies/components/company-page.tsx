// A company's page in the console (design §11 "Screens"): its status, plan and trial end, the upgrade
// request, today's usage against the plan's quota, members, tokens and activity, and the actions the
// provider team takes on it. After an action the page reloads (components/console/console-action.ts).
import { useId, type ReactNode } from 'react';
import {
  CONSOLE_MESSAGES,
  formatDay,
  formatDateTime,
  planDisplayName,
  type ConsoleCompany,
} from '@datafeeds/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { RouterLink } from '@/components/navigation/router-link';
import { isHttpError } from '@/lib/api-errors';
import { CompanyStatusChip } from '@/components/console/company-status-chip';
import { ConsolePageHeader } from '@/components/console/console-page-header';
import { consolePaths } from '@/config/console-paths';
import { useConsoleCompany } from '../api/get-console-company';
import { limitText, NOT_SET } from '@/components/console/console-texts';
import { CompanyActions } from './company-actions';
import { CompanyActivity, type ActivityTableComponent } from './company-activity';
import { CompanyMembers, CompanyTokens } from './company-tables';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** "Term: value" pairs, as a description list. */
function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function CompanyDetails({
  page,
  ActivityTable,
}: {
  page: ConsoleCompany;
  ActivityTable: ActivityTableComponent;
}) {
  const { company, plan, usage, upgradeRequest } = page;
  return (
    <>
      <ConsolePageHeader title={company.name}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 1 }}>
          <CompanyStatusChip status={company.accountStatus} />
          <Typography>
            Plan <strong>{planDisplayName(company.plan)}</strong>
          </Typography>
          {/* A trial's end means nothing once the company pays (or while it is suspended). */}
          {company.accountStatus === 'trial' ? (
            <Typography>
              Trial ends <strong>{company.trialEndsAt ? formatDay(company.trialEndsAt) : NOT_SET}</strong>
            </Typography>
          ) : null}
        </Box>
      </ConsolePageHeader>
      <CompanyActions page={page} />
      <Section title="Account">
        <Facts
          facts={[
            ['Owner', company.ownerEmail ?? 'No owner'],
            ['Created', formatDay(company.createdAt)],
            [
              'Company ID',
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {company.id}
              </Box>,
            ],
          ]}
        />
      </Section>
      {upgradeRequest ? (
        <Section title="Upgrade request">
          <Alert severity="info">
            Requested on {formatDateTime(upgradeRequest.requestedAt)}
            {upgradeRequest.requesterEmail ? ` by ${upgradeRequest.requesterEmail}` : ''}.
          </Alert>
        </Section>
      ) : null}
      <Section title="Usage today (UTC)">
        <Facts
          facts={[
            [
              'Used',
              `${usage.usedToday.toLocaleString('en')} / ${limitText(plan.dailyQuota)} (daily quota of the ${planDisplayName(plan.name)} plan)`,
            ],
            ['Refused', usage.refusedToday.toLocaleString('en')],
            ['Rate', plan.ratePerSecond === null ? 'Unlimited' : `${limitText(plan.ratePerSecond)} a second`],
          ]}
        />
      </Section>
      <Section title="Members">
        <CompanyMembers members={page.members} />
      </Section>
      <Section title="Tokens">
        <CompanyTokens tokens={page.tokens} companyName={company.name} />
      </Section>
      <Section title="Activity">
        <CompanyActivity companyId={company.id} ActivityTable={ActivityTable} />
      </Section>
    </>
  );
}

export function CompanyPage({ ActivityTable }: { ActivityTable: ActivityTableComponent }) {
  const companyId = useParams().companyId ?? '';
  const query = useConsoleCompany(companyId);
  if (query.isPending) return <PageSpinner label="Loading the company" />;
  if (query.isError) {
    // A company id that is not one (400) or names no company (404) will not change by asking again.
    if (isHttpError(query.error, 404) || isHttpError(query.error, 400)) {
      return (
        <>
          <ConsolePageHeader title="Company not found" />
          <Typography>
            {CONSOLE_MESSAGES.companyNotFound}{' '}
            <RouterLink to={consolePaths.companies}>Back to the companies</RouterLink>
          </Typography>
        </>
      );
    }
    return (
      <>
        <ConsolePageHeader title="Company" />
        <LoadFailedAlert onRetry={() => void query.refetch()}>
          The company could not be loaded. Check your connection and try again.
        </LoadFailedAlert>
      </>
    );
  }
  return <CompanyDetails page={query.data} ActivityTable={ActivityTable} />;
}
