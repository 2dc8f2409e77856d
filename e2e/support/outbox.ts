/**
 * The e-mails the server wrote to its outbox (DATA_DIR/outbox/*.eml, as it runs without SMTP_URL):
 * the latest one to an address whose text holds a link, read as a mail program would (multipart
 * bodies, quoted-printable or base64 parts).
 */
import fs from 'node:fs';
import path from 'node:path';

interface Part { headers: Record<string, string>; body: string }

function splitHeaders(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    // Percent-escape the rest so that decodeURIComponent reads the UTF-8 sequences.
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return part.body;
}

/** Every text of a message (the plain and HTML alternatives), decoded. */
function texts(part: Part): string[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [decode(part)];
  return part.body.split(`--${boundary}`).slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => texts(splitHeaders(chunk.replace(/^\r?\n/, ''))));
}

export interface OutboxMail { file: string; to: string; subject: string; text: string }

export function readOutbox(dataDir: string): OutboxMail[] {
  const directory = path.join(dataDir, 'outbox');
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory).filter((name) => name.endsWith('.eml')).sort().map((name) => {
    const file = path.join(directory, name);
    const message = splitHeaders(fs.readFileSync(file, 'utf8'));
    return { file, to: message.headers.to ?? '', subject: message.headers.subject ?? '', text: texts(message).join('\n') };
  });
}

/**
 * Waits for an e-mail to `to` holding a link whose path and query start with `linkPrefix`
 * (e.g. '/app/verify-email?token='), newer than the mails in `after`, and returns the link's
 * path and query (the test opens it on its own server).
 */
export async function waitForMailLink(dataDir: string, to: string, linkPrefix: string, after: readonly OutboxMail[] = [], timeoutMs = 15_000): Promise<string> {
  const seen = new Set(after.map((mail) => mail.file));
  const pattern = new RegExp(`https?://[^\\s"'<>]*(${linkPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"'<>]*)`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of readOutbox(dataDir).reverse()) {
      if (seen.has(mail.file) || !mail.to.toLowerCase().includes(to.toLowerCase())) continue;
      const match = mail.text.match(pattern);
      if (match) return match[1]!.replace(/&amp;/g, '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} with a link to ${linkPrefix} within ${timeoutMs / 1000} s`);
}
