/**
 * The code that shows the map in another website (SPEC §2 share dialog, iframe embed), at the size
 * chosen. The embedded view shows public maps only: said beside the code, and said louder while the
 * map is private.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableText } from './copyable-text.js';
import { EMBED_DIMENSIONS, EMBED_SIZES, embedCode, type EmbedSize } from './embed-code.js';

interface EmbedSectionProps { embedUrl: string; title: string; isPublic: boolean }

export function EmbedSection({ embedUrl, title, isPublic }: EmbedSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const [size, setSize] = useState<EmbedSize>('medium');

  return (
    <section className="share-section" aria-labelledby={`${id}-title`} data-testid="share-embed">
      <h3 className="share-section-title" id={`${id}-title`}>{t('share.embed.title')}</h3>
      <div className="segmented embed-sizes" role="group" aria-label={t('share.embed.size')}>
        {EMBED_SIZES.map((option) => {
          const { width, height } = EMBED_DIMENSIONS[option];
          return (
            <button key={option} type="button" aria-pressed={size === option}
              className={size === option ? 'segmented-active' : undefined} onClick={() => setSize(option)} data-testid={`share-embed-size-${option}`}>
              {t(`share.embed.sizes.${option}`)} <span className="embed-size-pixels">{width === '100%' ? t('share.embed.fullWidthSize', { height }) : `${width} × ${height}`}</span>
            </button>
          );
        })}
      </div>
      <CopyableText text={embedCode(embedUrl, title, size)} label={t('share.embed.code')} copyLabel={t('share.embed.copy')} multiline testId="share-embed-code" />
      <p className={isPublic ? 'share-note muted' : 'share-note share-warning'} data-testid="share-embed-note">
        {isPublic ? t('share.embed.publicOnly') : t('share.embed.privateNow')}
      </p>
    </section>
  );
}
