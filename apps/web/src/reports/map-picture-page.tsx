/**
 * /app/print/map: the page the server's headless Chromium takes a map's picture from
 * (GET /v2/maps/{id}/screenshot; apps/api/src/reports). Like the report's print page, its input is
 * set before its scripts run; it says it is done with the picture itself, as a PNG data URL.
 */
import { useEffect, useState } from 'react';
import { MAP_PICTURE_GLOBAL, REPORT_READY_GLOBAL, type MapPictureRequest } from '@catchment/domain';
import { drawMapPicture, pictureStyleUrl } from './map-pictures.js';

type Globals = Record<string, unknown>;

export function MapPicturePage() {
  const [request] = useState(() => (window as unknown as Globals)[MAP_PICTURE_GLOBAL] as MapPictureRequest | undefined);
  useEffect(() => {
    const announce = (ready: { picture: string } | { error: string }) => { (window as unknown as Globals)[REPORT_READY_GLOBAL] = ready; };
    if (!request) {
      announce({ error: 'no map picture asked for' });
      return;
    }
    drawMapPicture(request.areas, pictureStyleUrl(request.mapStyleUrl, request.locale), request)
      .then((picture) => announce({ picture }), (error: unknown) => announce({ error: error instanceof Error ? error.message : String(error) }));
  }, [request]);
  return null;
}
