import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from './smtp-mailer.js';
import { SmtpInbox } from './test-support/smtp-inbox.js';

let inbox: SmtpInbox;
beforeAll(async () => { inbox = await SmtpInbox.start(); });
afterAll(async () => { await inbox.close(); });

describe('the SMTP mailer', () => {
  it('delivers a text and HTML message to the SMTP server, with its From and language', async () => {
    const mailer = new SmtpMailer(inbox.url, 'Catchment <no-reply@catchment.test>');
    try {
      const sent = await mailer.send({
        to: 'zoé@example.com', subject: 'Réinitialisez votre mot de passe', locale: 'fr',
        text: 'Bonjour Zoé,\n\nhttp://localhost/app/resetpassword?token=abc', html: '<p>Bonjour Zoé,</p>',
      });
      const mail = await inbox.waitFor('zoé@example.com');
      expect(mail.from).toMatch(/^"?Catchment"? <no-reply@catchment.test>$/);
      expect(mail.subject).toBe('Réinitialisez votre mot de passe');
      expect(mail.text).toContain('http://localhost/app/resetpassword?token=abc');
      expect(mail.html).toContain('<p>Bonjour Zoé,</p>');
      expect(mail.headers.get('content-language')).toBe('fr');
      expect(mail.headers.get('message-id')).toBe(sent.messageId);
    } finally {
      await mailer.close();
    }
  });

  it('fails the send when no server answers', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:1', 'Catchment <no-reply@catchment.test>');
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>', locale: 'en' })).rejects.toThrow();
    await mailer.close();
  });
});
