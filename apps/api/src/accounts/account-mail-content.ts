/**
 * The words of the account e-mails, in the user's language (catalogue `mail.*`): a plain-text
 * part and a simple HTML part with the same content and the link as a button. Pure.
 */
import { translate, type Locale } from '@catchment/domain';

export type AccountMailKind = 'verifyEmail' | 'resetPassword' | 'changeEmail' | 'emailChanged';

export interface AccountMailParams {
  firstName: string;
  /** The account's address (the one the message goes to, but for changeEmail). */
  email: string;
  newEmail?: string;
  oldEmail?: string;
  /** The link to follow, for every kind but emailChanged. */
  link?: string;
  /** How long the link works. */
  hours?: number;
}

export interface AccountMailContent { subject: string; text: string; html: string }

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function accountMailContent(kind: AccountMailKind, locale: Locale, params: AccountMailParams): AccountMailContent {
  const t = (key: string) => translate(locale, `mail.${key}`, {
    firstName: params.firstName, email: params.email, newEmail: params.newEmail ?? '', oldEmail: params.oldEmail ?? '', hours: params.hours ?? '',
  });
  const withLink = kind !== 'emailChanged' && params.link !== undefined;
  const greeting = t('greeting');
  const intro = t(`${kind}.intro`);
  const expiry = withLink ? t(`${kind}.expiry`) : undefined;
  const ignore = t(`${kind}.ignore`);
  const signature = t('signature');

  const text = [
    greeting,
    intro,
    withLink ? `${t(`${kind}.action`)}\n${params.link}` : undefined,
    expiry,
    ignore,
    signature,
  ].filter((part) => part !== undefined).join('\n\n') + '\n';

  const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const link = params.link === undefined ? '' : escapeHtml(params.link);
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(t(`${kind}.subject`))}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">',
    paragraph(escapeHtml(greeting)),
    paragraph(escapeHtml(intro)),
    withLink
      ? paragraph(`<a href="${link}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(t(`${kind}.action`))}</a>`)
        + paragraph(`${escapeHtml(t('linkFallback'))}<br><a href="${link}" style="color:#2563eb;word-break:break-all">${link}</a>`)
      : '',
    expiry ? paragraph(escapeHtml(expiry)) : '',
    paragraph(escapeHtml(ignore)),
    paragraph(escapeHtml(signature)),
    '</body></html>',
  ].join('\n');

  return { subject: t(`${kind}.subject`), text, html };
}
