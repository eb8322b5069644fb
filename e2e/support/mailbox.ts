// Reads the portal's development mailbox (/dev/mailbox.json): the real outbox of the embedded default,
// so the specs follow the same links a user gets by email.
import { expect, type APIRequestContext } from '@playwright/test';
import { dev } from '@datafeeds/domain/calls';

interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

async function messagesTo(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const response = await request.get(dev.devMailbox.path);
  expect(response.ok()).toBe(true);
  const messages = (await response.json()) as MailboxMessage[];
  return messages
    .filter((message) => message.to.toLowerCase().includes(to.toLowerCase()))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The newest link to `to` whose URL contains `pathPart`, waiting for the email to arrive. */
export async function linkFromEmail(request: APIRequestContext, to: string, pathPart: string): Promise<URL> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        for (const message of await messagesTo(request, to)) {
          found = message.links.find((link) => link.includes(pathPart));
          if (found) return true;
        }
        return false;
      },
      { message: `an email to ${to} with a ${pathPart} link`, timeout: 15_000 },
    )
    .toBe(true);
  return new URL(found as string);
}
