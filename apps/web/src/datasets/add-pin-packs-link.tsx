/**
 * The other way to room for a file than a larger plan (SPEC §9): extra packs of 10,000 pins on
 * the plan in force, ordered on the payment page with the packs the account holds already.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PIN_PACK_SIZE } from '@catchment/domain';
import { useLocale } from '../i18n/index.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { pinPacksOrderPath } from './pins-room.js';

interface AddPinPacksLinkProps {
  /** The packs missing (PinsVerdict.packs). */
  packs: number;
  className?: string;
  onClick?(): void;
}

export function AddPinPacksLink({ packs, className = 'button button-small', onClick }: AddPinPacksLinkProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const access = usePlanAccess();
  if (!access) return null;
  return (
    <Link className={className} to={pinPacksOrderPath(access, packs)} onClick={onClick} data-testid="add-pin-packs">
      {t('datasets.addPinPacks', { count: packs, size: new Intl.NumberFormat(locale).format(PIN_PACK_SIZE) })}
    </Link>
  );
}
