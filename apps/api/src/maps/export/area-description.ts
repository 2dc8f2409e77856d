/**
 * What an exported area says of how it was drawn, in the reader's language: its recipe (mode,
 * travel time or distance, transport) and where it starts. The KML export puts these lines in each
 * placemark's description; the GeoJSON export gives the same facts as properties instead.
 */
import { fromMeters, translate, type Area, type DistanceUnit, type Locale } from '@catchment/domain';

export interface DescriptionOptions { locale: Locale; unit: DistanceUnit }

const NUMBER_LOCALES: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR' };

/** "45 min", "1 h", "1 h 30 min". */
export function durationText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "12.5 km" (English), "12,5 km" (French): one decimal below 10, none above. */
export function distanceText(meters: number, { locale, unit }: DescriptionOptions): string {
  const value = fromMeters(meters, unit);
  const digits = value >= 10 ? 0 : 1;
  return `${value.toLocaleString(NUMBER_LOCALES[locale], { maximumFractionDigits: digits })} ${unit}`;
}

/** The catalogue's name for how the area was made (mapExport.modes.*). */
function recipeKey(area: Area): string {
  if (area.operation === 'union' || area.operation === 'difference' || area.operation === 'intersection') return area.operation;
  if (area.isoMode === 'isodistance' && area.transportMode === 'circle') return 'circle';
  return area.isoMode;
}

/** The recipe line: "Travel time, 30 min by car", "As the crow flies, 5 km", "Drawn polygon". */
function recipeLine(area: Area, options: DescriptionOptions): string {
  const key = recipeKey(area);
  const mode = translate(options.locale, `mapExport.modes.${key}`);
  const value = key === 'isochrone' && area.duration !== null ? durationText(area.duration)
    : (key === 'isodistance' || key === 'circle') && area.distance !== null ? distanceText(area.distance, options)
      : null;
  const routed = (key === 'isochrone' || key === 'isodistance') && area.transportMode !== null && area.transportMode !== 'circle';
  const by = routed ? ` ${translate(options.locale, `mapExport.byMode.${area.transportMode}`)}` : '';
  return value === null ? mode : `${mode}, ${value}${by}`;
}

/** The lines describing an area: its recipe, then the territories it joins or its direction and start(s) (address, else point). */
export function areaDescriptionLines(area: Area, options: DescriptionOptions): string[] {
  const { locale } = options;
  const lines = [recipeLine(area, options)];
  if (area.isoMode === 'administrative' && area.unitKind && area.unitCodes) {
    lines.push(translate(locale, 'mapExport.units', { kind: translate(locale, `unitKinds.${area.unitKind}`), count: area.unitCodes.length }));
  }
  // An arrival area is read the other way round, and several starts are not one address.
  if (area.direction === 'arrival') lines.push(translate(locale, 'mapExport.arrival'));
  if (area.startPoints) lines.push(translate(locale, 'mapExport.startPoints', { count: area.startPoints.length }));
  else if (area.startAddress) lines.push(translate(locale, 'mapExport.startAddress', { address: area.startAddress }));
  else if (area.startPoint) {
    const [lng, lat] = area.startPoint;
    lines.push(translate(locale, 'mapExport.startPoint', { lat: lat.toFixed(5), lng: lng.toFixed(5) }));
  }
  return lines;
}
