import { useTranslation } from 'react-i18next';
import { LOCALES } from '@catchment/domain';
import { setLocale, useLocale } from '../i18n/index.js';
import { isLocale } from '../i18n/detect-locale.js';

export function LocaleSwitch() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <label className="header-select">
      <span className="visually-hidden">{t('header.language')}</span>
      <select data-testid="locale-switch" value={locale} aria-label={t('header.language')}
        onChange={(event) => { if (isLocale(event.target.value)) void setLocale(event.target.value); }}>
        {LOCALES.map((code) => <option key={code} value={code} lang={code}>{t(`locale.${code}`)}</option>)}
      </select>
    </label>
  );
}
