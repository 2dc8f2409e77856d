/**
 * The ways to create an area, in the order of the panel's tabs. Travel time, routed distance and
 * administrative territories join this list as their forms are written.
 */
import type { ComponentType } from 'react';
import { CircleForm } from './circle-form.js';
import { PolygonForm } from './polygon-form.js';

export interface CreateMode {
  id: string;
  /** i18n key of the tab's label. */
  labelKey: string;
  Form: ComponentType;
}

export const CREATE_MODES: readonly CreateMode[] = [
  { id: 'circle', labelKey: 'createArea.modes.circle', Form: CircleForm },
  { id: 'polygon', labelKey: 'createArea.modes.polygon', Form: PolygonForm },
];
