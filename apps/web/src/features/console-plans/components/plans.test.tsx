import {
  CONSOLE_REFUSALS,
  CONSOLE_TOOL_MESSAGES,
  MAX_PLAN_DAILY_QUOTA,
  MAX_PLAN_RATE_PER_SECOND,
  type ConsolePlan,
} from '@datafeeds/domain';
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { config } from '@/testing/console-doubles';
import { enabledButton, renderTool, signedInAs } from '@/testing/console-tool-screens';

const trial: ConsolePlan = {
  name: 'trial',
  dailyQuota: 1000,
  ratePerSecond: 5,
  companies: 12,
  editable: false,
};
const standard: ConsolePlan = {
  name: 'standard',
  dailyQuota: 100_000,
  ratePerSecond: null,
  companies: 3,
  editable: true,
};
const plans = answer(consoleTools.listPlans, { body: { plans: [trial, standard] } });

async function openScreen() {
  renderTool('/console/plans');
  await screen.findByRole('heading', { level: 1, name: 'Plans' });
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label, { selector: 'input' });

describe('plans', () => {
  it('lists the plans with their limits, "Unlimited" for none', async () => {
    mockCalls(config, signedInAs('support'), plans);
    await openScreen();
    const rows = within(await screen.findByRole('table', { name: 'Plans' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Trial1,00051');
    expect(rows[2]).toHaveTextContent('Standard100,000Unlimited3');
  });

  it("links a plan's company count to the companies list filtered by the plan", async () => {
    mockCalls(config, signedInAs('support'), plans);
    await openScreen();
    const table = await screen.findByRole('table', { name: 'Plans' });
    expect(within(table).getByRole('link', { name: '3 companies on Standard' })).toHaveAttribute(
      'href',
      '/console/companies?plan=standard',
    );
    expect(within(table).getByRole('link', { name: '12 companies on Trial' })).toHaveAttribute(
      'href',
      '/console/companies?plan=trial',
    );
  });

  it('does not let the trial plan be edited, and says why', async () => {
    mockCalls(config, signedInAs('admin'), plans);
    await openScreen();
    await enabledButton('Edit plan standard');
    const trialEdit = screen.getByRole('button', { name: 'Edit plan trial' });
    expect(trialEdit).toBeDisabled();
    expect(trialEdit).toHaveAccessibleDescription(CONSOLE_TOOL_MESSAGES.trialPlanFromEnvironment);
  });

  it('offers support staff no change, with the reason', async () => {
    mockCalls(config, signedInAs('support'), plans);
    await openScreen();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create plan' })).toHaveAccessibleDescription(
        CONSOLE_REFUSALS.managePlans,
      ),
    );
    expect(screen.getByRole('button', { name: 'Edit plan standard' })).toBeDisabled();
  });

  it('checks the form as the server does before creating a plan', async () => {
    const { callsTo } = mockCalls(config, signedInAs('admin'), plans);
    await openScreen();
    await userEvent.click(await enabledButton('Create plan'));
    const dialog = await screen.findByRole('dialog', { name: 'Create plan' });
    await userEvent.type(field(dialog, 'Name'), 'Pro Plan');
    await userEvent.type(field(dialog, 'Requests per UTC day'), '2.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await within(dialog).findByText(CONSOLE_TOOL_MESSAGES.planNameInvalid)).toBeInTheDocument();
    expect(
      within(dialog).getByText(CONSOLE_TOOL_MESSAGES.limitNotWholeNumber(MAX_PLAN_DAILY_QUOTA)),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(CONSOLE_TOOL_MESSAGES.limitNotWholeNumber(MAX_PLAN_RATE_PER_SECOND)),
    ).toBeInTheDocument();

    // "Unlimited" takes the place of a number.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Unlimited requests per second' }));
    expect(field(dialog, 'Requests per second')).toBeDisabled();
    expect(
      within(dialog).queryByText(CONSOLE_TOOL_MESSAGES.limitNotWholeNumber(MAX_PLAN_RATE_PER_SECOND)),
    ).toBeNull();
    expect(callsTo(consoleTools.createPlan)).toHaveLength(0);
  });

  it('creates a plan with a limit and an unlimited one, and says so', async () => {
    const { callsTo } = mockCalls(
      config,
      signedInAs('admin'),
      plans,
      answer(consoleTools.createPlan, {
        body: { name: 'pro', dailyQuota: 50_000, ratePerSecond: null, companies: 0, editable: true },
      }),
    );
    await openScreen();
    await userEvent.click(await enabledButton('Create plan'));
    const dialog = await screen.findByRole('dialog', { name: 'Create plan' });
    await userEvent.type(field(dialog, 'Name'), 'pro');
    await userEvent.type(field(dialog, 'Requests per UTC day'), '50,000');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Unlimited requests per second' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText(CONSOLE_TOOL_MESSAGES.planCreated('pro'))).toBeInTheDocument();
    expect(callsTo(consoleTools.createPlan)[0]?.body).toEqual({
      name: 'pro',
      dailyQuota: 50_000,
      ratePerSecond: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("puts the server's refusals on their fields", async () => {
    mockCalls(
      config,
      signedInAs('admin'),
      plans,
      answer(consoleTools.createPlan, {
        status: 409,
        body: { error: 'conflict', message: CONSOLE_TOOL_MESSAGES.planExists },
      }),
    );
    await openScreen();
    await userEvent.click(await enabledButton('Create plan'));
    const dialog = await screen.findByRole('dialog', { name: 'Create plan' });
    await userEvent.type(field(dialog, 'Name'), 'standard');
    await userEvent.type(field(dialog, 'Requests per UTC day'), '10');
    await userEvent.type(field(dialog, 'Requests per second'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await within(dialog).findByText(CONSOLE_TOOL_MESSAGES.planExists)).toBeInTheDocument();
    expect(field(dialog, 'Name')).toHaveAccessibleDescription(CONSOLE_TOOL_MESSAGES.planExists);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("edits a plan's limits, field errors from the server on their field", async () => {
    const { callsTo } = mockCalls(
      config,
      signedInAs('admin'),
      plans,
      answer(consoleTools.updatePlan, (request) =>
        request.body.ratePerSecond === 7
          ? { body: { ...standard, dailyQuota: null, ratePerSecond: 7 } }
          : {
              status: 400,
              body: {
                error: 'validation_failed',
                message: 'Check the highlighted fields.',
                details: [{ field: 'ratePerSecond', message: 'Too fast for the data feeds.' }],
              },
            },
      ),
    );
    await openScreen();
    await userEvent.click(await enabledButton('Edit plan standard'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit plan standard' });
    // It says how many companies the change reaches before it is saved.
    expect(dialog).toHaveAccessibleDescription(CONSOLE_TOOL_MESSAGES.planEditReaches(3));
    expect(CONSOLE_TOOL_MESSAGES.planEditReaches(3)).toBe(
      'The data feeds apply the new limits within a second to all 3 companies on this plan.',
    );
    expect(field(dialog, 'Name')).toHaveValue('standard');
    expect(field(dialog, 'Name')).toHaveAttribute('readonly');
    expect(field(dialog, 'Requests per UTC day')).toHaveValue('100000');
    expect(within(dialog).getByRole('checkbox', { name: 'Unlimited requests per second' })).toBeChecked();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Unlimited requests per second' }));
    await userEvent.type(field(dialog, 'Requests per second'), '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Too fast for the data feeds.')).toBeInTheDocument();

    await userEvent.clear(field(dialog, 'Requests per second'));
    await userEvent.type(field(dialog, 'Requests per second'), '7');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Unlimited requests per UTC day' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(CONSOLE_TOOL_MESSAGES.planUpdated('standard'))).toBeInTheDocument();
    expect(callsTo(consoleTools.updatePlan).at(-1)?.body).toEqual({
      name: 'standard',
      dailyQuota: null,
      ratePerSecond: 7,
    });
  });
});
