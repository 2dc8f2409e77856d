/**
 * The edit entries of an area's menu: "Edit" (centre, radius, travel mode, value) for circles and
 * travel-time areas, "Edit shape" (move the outline's points) for drawn areas and the others made
 * of one outline. None on read-only maps and for visitors; none for territories, which are defined
 * by their units, not by a drawing.
 */
import { useTranslation } from 'react-i18next';
import type { Area } from '@catchment/domain';
import { canEditParameters, editableOutline } from '../editor/area-edits.js';
import { useAreaEditing } from '../editor/use-area-editing.js';
import type { MenuAction } from './item-menu.js';

export function useAreaEditActions(area: Area): MenuAction[] {
  const { t } = useTranslation();
  const { enabled, start } = useAreaEditing();
  if (!enabled) return [];
  const actions: MenuAction[] = [];
  if (canEditParameters(area)) {
    actions.push({ label: t('editArea.edit'), icon: 'sliders', testId: 'area-edit', onSelect: () => start(area.uuid, 'parameters') });
  }
  const outline = editableOutline(area);
  if (outline.ok || outline.reason !== 'administrative') {
    actions.push({
      label: t('editArea.editShape'),
      icon: 'vertices',
      testId: 'area-edit-shape',
      disabled: !outline.ok,
      hint: outline.ok ? t('editArea.editShapeHint') : t(`editArea.shapeRefused.${outline.reason}`),
      onSelect: () => start(area.uuid, 'shape'),
    });
  }
  return actions;
}
