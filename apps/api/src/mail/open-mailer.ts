import type { Config } from '../config.js';
import type { Mailer } from './mailer.js';
import { OutboxMailer } from './outbox-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** The SMTP server of SMTP_URL, else the outbox in DATA_DIR/outbox (links written with `log`). */
export function openMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>, log: (message: string) => void = () => {}): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(config.outboxDir, config.mailFrom, log);
}
