import { describe, expect, it } from 'vitest';
import { accountMailContent } from './account-mail-content.js';

const link = 'https://catchment.example/app/resetpassword?token=abc&x=1';

describe('account e-mails', () => {
  it('say the same thing in the text and the HTML, with the link and its lifetime', () => {
    const mail = accountMailContent('resetPassword', 'en', { firstName: 'Ada', email: 'ada@example.com', link, hours: 1 });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain(`Choose a new password\n${link}`);
    expect(mail.text).toContain('This link works once, for 1 h.');
    expect(mail.html).toContain('href="https://catchment.example/app/resetpassword?token=abc&amp;x=1"');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('are written in French for a French request', () => {
    const mail = accountMailContent('verifyEmail', 'fr', { firstName: 'Zoé', email: 'zoe@example.fr', link, hours: 48 });
    expect(mail.subject).toBe('Confirmez votre adresse e-mail');
    expect(mail.text).toContain('Bonjour Zoé,');
    expect(mail.text).toContain('zoe@example.fr');
    expect(mail.text).toContain('Ce lien est valable 48 h.');
    expect(mail.html).toContain('<html lang="fr">');
  });

  it('escape what the user typed in the HTML', () => {
    const mail = accountMailContent('changeEmail', 'en', { firstName: '<b>Eve</b>', email: 'eve@example.com', newEmail: 'new@example.com', link, hours: 48 });
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.text).toContain('new@example.com');
  });

  it('tell the old address of a change, without a link', () => {
    const mail = accountMailContent('emailChanged', 'en', { firstName: 'Ada', email: 'old@example.com', oldEmail: 'old@example.com', newEmail: 'new@example.com' });
    expect(mail.text).toContain('new@example.com');
    expect(mail.text).toContain('old@example.com');
    expect(mail.html).not.toContain('<a ');
  });
});
