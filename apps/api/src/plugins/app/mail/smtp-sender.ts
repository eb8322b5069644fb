// Hands one message to the SMTP server. The timeouts are nodemailer's defaults cut down (2 min to
// connect, 10 min of silence) so one attempt ends well within the claim's lease (delivery-policy.ts);
// timeouts set in SMTP_URL's query still win.
import nodemailer from 'nodemailer';
import type { EmailMessage } from './templates.ts';

export interface MailSender {
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

export function createSmtpSender(url: string, from: string): MailSender {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close() {
      transport.close();
    },
  };
}
