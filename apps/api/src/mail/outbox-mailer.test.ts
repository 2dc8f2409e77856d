import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { OutboxMailer } from './outbox-mailer.js';

describe('the outbox mailer', () => {
  it('writes each message as an RFC 822 .eml file and prints its link', async () => {
    const directory = path.join(mkdtempSync(path.join(tmpdir(), 'catchment-outbox-')), 'outbox');
    const lines: string[] = [];
    const mailer = new OutboxMailer(directory, 'Catchment <no-reply@localhost>', (line) => lines.push(line));
    const link = 'http://localhost:3000/app/verify-email?token=t0k3n';
    const sent = await mailer.send({ to: 'ada@example.com', subject: 'Confirm your e-mail address', text: `Hello Ada,\n\n${link}\n`, html: `<p><a href="${link}">Confirm</a></p>`, locale: 'en', link });
    await mailer.send({ to: 'grace@example.com', subject: 'Second', text: 'Hi', html: '<p>Hi</p>', locale: 'en' });

    const files = readdirSync(directory);
    expect(files).toHaveLength(2);
    expect(files.every((name) => /^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/.test(name))).toBe(true);
    expect(sent.file).toBe(path.join(directory, files.sort()[0]!));

    const raw = readFileSync(sent.file!);
    expect(raw.toString('latin1')).toMatch(/\r\n\r\n/); // headers end with an empty CRLF line
    const mail = await simpleParser(raw);
    expect(mail.from?.value[0]).toMatchObject({ name: 'Catchment', address: 'no-reply@localhost' });
    expect([mail.to].flat()[0]?.text).toBe('ada@example.com');
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.messageId).toBe(sent.messageId);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(lines[0]).toContain(link);
    expect(lines[0]).toContain('ada@example.com');
    expect(lines[1]).toContain('grace@example.com');
  });
});
