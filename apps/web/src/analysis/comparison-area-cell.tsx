/** The row header of a comparison table (census figures, indicators): the area's colour and name. */
import { useTranslation } from 'react-i18next';

export function ComparisonAreaCell({ area }: { area: { label: string; color: string } | undefined }) {
  const { t } = useTranslation();
  const label = area?.label || t('analysis.areaLabel');
  return (
    <th scope="row" className="comparison-area" title={label}>
      <span className="comparison-area-name">
        <span className="comparison-swatch" style={{ background: area?.color }} aria-hidden />
        <span className="comparison-label">{label}</span>
      </span>
    </th>
  );
}
