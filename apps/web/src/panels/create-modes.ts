/** The ways to create an area, in the order of the panel's tabs. */
import type { ComponentType } from 'react';
import { AdministrativeForm } from './administrative-form.js';
import { CircleForm } from './circle-form.js';
import { PolygonForm } from './polygon-form.js';
import { RoutedForm } from './routed-form.js';

export interface CreateMode {
  id: string;
  /** i18n key of the tab's label. */
  labelKey: string;
  Form: ComponentType;
}

const IsochroneForm = () => RoutedForm({ isoMode: 'isochrone' });
const IsodistanceForm = () => RoutedForm({ isoMode: 'isodistance' });

export const CREATE_MODES: readonly CreateMode[] = [
  { id: 'isochrone', labelKey: 'createArea.modes.isochrone', Form: IsochroneForm },
  { id: 'isodistance', labelKey: 'createArea.modes.isodistance', Form: IsodistanceForm },
  { id: 'circle', labelKey: 'createArea.modes.circle', Form: CircleForm },
  { id: 'polygon', labelKey: 'createArea.modes.polygon', Form: PolygonForm },
  { id: 'administrative', labelKey: 'createArea.modes.administrative', Form: AdministrativeForm },
];
