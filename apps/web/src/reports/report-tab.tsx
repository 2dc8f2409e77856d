/**
 * The analysis panel's report tab (SPEC §2 tab 4) and its customisation panel: which areas (the
 * selected one by default, up to REPORT_MAX_AREAS of the visible ones), a title, a comment, the
 * sections, the colours (the organisation's by default) and the logo (the organisation's, one of
 * the user's report images, or none).
 * Ordering sends POST /v2/maps/{id}/report; the PDF is made by a job and comes to My downloads,
 * where the user follows it.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_MAX_AREAS, REPORT_SECTIONS, REPORT_TEXT_LIMITS, type ReportLogo, type ReportSection } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { orderReport } from '../api/downloads.js';
import { getOrganization } from '../api/organization.js';
import { useSession } from '../auth/use-session.js';
import { organizationQueryKey } from '../organization/organization-page.js';
import type { AnalysisTarget } from '../analysis/analysis-panel.js';
import { ImageAssetPicker } from './image-asset-picker.js';
import './report-tab.css';

type LogoChoice = 'organization' | 'image' | 'none';

interface OrderState { busy: boolean; done: boolean; error: string | null }

export function ReportTab({ target }: { target: AnalysisTarget }) {
  const { t } = useTranslation();
  const id = useId();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const clientId = user?.id ?? 0;
  const organization = useQuery({
    queryKey: organizationQueryKey(clientId),
    queryFn: ({ signal }) => getOrganization(clientId, signal),
    enabled: !!user,
  });
  // The areas the server has saved; the selected one first.
  const saved = target.areas.filter((area) => area.hash !== '');
  const candidates = target.area ? [target.area, ...saved.filter((area) => area.uuid !== target.area!.uuid)].filter((area) => area.hash !== '') : saved;
  const [chosen, setChosen] = useState<string[]>(() => (target.area ? [target.area.uuid] : saved.slice(0, 1).map((area) => area.uuid)));
  const [title, setTitle] = useState('');
  const [comment, setComment] = useState('');
  const [sections, setSections] = useState<ReportSection[]>([...REPORT_SECTIONS]);
  const [colors, setColors] = useState<{ primary: string; secondary: string } | null>(null);
  const [logo, setLogo] = useState<LogoChoice>('organization');
  const [imageId, setImageId] = useState<string | null>(null);
  const [order, setOrder] = useState<OrderState>({ busy: false, done: false, error: null });

  // The organisation's colours until the user picks others.
  useEffect(() => {
    if (organization.data && !colors) setColors({ primary: organization.data.primaryColor, secondary: organization.data.secondaryColor });
  }, [organization.data, colors]);

  // A newly selected area joins the report (the user chose it on the map).
  const selectedId = target.area?.uuid;
  useEffect(() => {
    if (selectedId) setChosen((current) => (current.includes(selectedId) ? current : [selectedId, ...current].slice(0, REPORT_MAX_AREAS)));
  }, [selectedId]);

  if (!target.mapId) return null;
  if (candidates.length === 0) {
    return <p className="panel-note" data-testid="report-no-area">{t('report.noArea')}</p>;
  }
  const chosenIds = candidates.map((area) => area.uuid).filter((uuid) => chosen.includes(uuid));
  const toggleArea = (uuid: string) => setChosen((current) => (current.includes(uuid) ? current.filter((other) => other !== uuid) : [...current, uuid]));
  const toggleSection = (section: ReportSection) => setSections((current) => (current.includes(section) ? current.filter((other) => other !== section) : [...current, section]));
  const tooMany = chosenIds.length > REPORT_MAX_AREAS;
  const orgLogo = organization.data?.logo ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosenIds.length === 0 || tooMany) return;
    setOrder({ busy: true, done: false, error: null });
    const logoChoice: ReportLogo = logo === 'image' && imageId ? { assetId: imageId } : logo === 'organization' && orgLogo ? 'organization' : 'none';
    try {
      await orderReport(target.mapId!, {
        areaIds: chosenIds,
        ...(target.country ? { country: target.country } : {}),
        ...(title.trim() ? { title: title.trim() } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
        sections,
        ...(colors ? { colors } : {}),
        logo: logoChoice,
      });
      setOrder({ busy: false, done: true, error: null });
      void queryClient.invalidateQueries({ queryKey: ['downloads'] });
    } catch (failure) {
      setOrder({ busy: false, done: false, error: failure instanceof ApiError && failure.status < 500 ? failure.message : t('report.orderError') });
    }
  };

  return (
    <form className="report-order" onSubmit={(event) => void submit(event)} data-testid="report-form" aria-labelledby={`${id}-heading`}>
      <p id={`${id}-heading`} className="panel-note">{t('report.intro')}</p>

      <fieldset className="report-order-group">
        <legend>{t('report.areas', { count: chosenIds.length, max: REPORT_MAX_AREAS })}</legend>
        <ul className="report-order-areas">
          {candidates.map((area) => (
            <li key={area.uuid}>
              <label>
                <input type="checkbox" checked={chosen.includes(area.uuid)} onChange={() => toggleArea(area.uuid)} data-testid="report-area-choice" />
                <span className="report-swatch" style={{ background: area.color }} aria-hidden />
                {area.label}
              </label>
            </li>
          ))}
        </ul>
        {tooMany && <p className="form-error" role="alert">{t('report.tooManyAreas', { max: REPORT_MAX_AREAS })}</p>}
      </fieldset>

      <label className="field">
        <span>{t('report.title')}</span>
        <input type="text" value={title} maxLength={REPORT_TEXT_LIMITS.title} placeholder={t('report.titlePlaceholder')} onChange={(event) => setTitle(event.target.value)} data-testid="report-title" />
      </label>
      <label className="field">
        <span>{t('report.comment')}</span>
        <textarea value={comment} rows={3} maxLength={REPORT_TEXT_LIMITS.comment} placeholder={t('report.commentPlaceholder')} onChange={(event) => setComment(event.target.value)} data-testid="report-comment" />
      </label>

      <fieldset className="report-order-group">
        <legend>{t('report.sectionsLegend')}</legend>
        {REPORT_SECTIONS.map((section) => (
          <label key={section} className="report-order-check">
            <input type="checkbox" checked={sections.includes(section)} onChange={() => toggleSection(section)} data-testid={`report-section-${section}`} />
            {t(`report.sections.${section}`)}
          </label>
        ))}
      </fieldset>

      {colors && (
        <fieldset className="report-order-group report-order-colors">
          <legend>{t('report.colors')}</legend>
          <label><input type="color" value={colors.primary} onChange={(event) => setColors({ ...colors, primary: event.target.value })} data-testid="report-color-primary" /> {t('report.primaryColor')}</label>
          <label><input type="color" value={colors.secondary} onChange={(event) => setColors({ ...colors, secondary: event.target.value })} data-testid="report-color-secondary" /> {t('report.secondaryColor')}</label>
        </fieldset>
      )}

      <fieldset className="report-order-group">
        <legend>{t('report.logo')}</legend>
        <label className="report-order-check">
          <input type="radio" name={`${id}-logo`} checked={logo === 'organization'} onChange={() => setLogo('organization')} data-testid="report-logo-organization" />
          {t('report.logoOrganization')}
        </label>
        {logo === 'organization' && (orgLogo
          ? <img className="report-order-logo" src={orgLogo.url} alt={t('report.logoPreview')} data-testid="report-logo-preview" />
          : <p className="panel-note">{t('report.noOrganizationLogo')} <Link to="/profile/organization">{t('report.setOrganizationLogo')}</Link></p>)}
        <label className="report-order-check">
          <input type="radio" name={`${id}-logo`} checked={logo === 'image'} onChange={() => setLogo('image')} data-testid="report-logo-image" />
          {t('report.logoImage')}
        </label>
        {logo === 'image' && <ImageAssetPicker clientId={clientId} value={imageId} onChange={setImageId} label={t('report.logoImage')} />}
        <label className="report-order-check">
          <input type="radio" name={`${id}-logo`} checked={logo === 'none'} onChange={() => setLogo('none')} data-testid="report-logo-none" />
          {t('report.logoNone')}
        </label>
      </fieldset>

      {order.error && <p className="form-error" role="alert" data-testid="report-order-error">{order.error}</p>}
      {order.done && (
        <p className="panel-note" role="status" data-testid="report-ordered">
          {t('report.ordered')} <Link to="/profile/downloads" data-testid="report-open-downloads">{t('analysis.openDownloads')}</Link>
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={order.busy || chosenIds.length === 0 || tooMany || (logo === 'image' && !imageId)} data-testid="report-order">
        {order.busy ? t('report.ordering') : t('report.order', { count: chosenIds.length })}
      </button>
    </form>
  );
}
