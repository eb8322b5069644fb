// A real SMTP listener (smtp-server) on a free port that keeps every message it receives.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';
import { startTcpProxy } from './tcp-proxy.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export async function startSmtpServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a raw message with quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * An SMTP server behind a network a test can cut and restore (tcp-proxy.ts), both closed after the
 * file's tests; `smtpUrl` is the SMTP_URL that goes through the network.
 */
export async function smtpBehindNetwork() {
  const smtp = await startSmtpServer();
  const network = await startTcpProxy(Number(new URL(smtp.url).port));
  afterAll(async () => {
    await network.close();
    await smtp.close();
  });
  return { smtp, network, smtpUrl: `smtp://127.0.0.1:${network.port}` };
}
