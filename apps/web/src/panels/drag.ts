/**
 * Drag and drop in the layers panel: what is dragged travels in the DataTransfer under its own
 * type, so a drop target can tell a folder from an area while the pointer is still over it.
 */
import type { DragEvent } from 'react';

export const DRAG_AREA = 'application/x-catchment-area';
export const DRAG_FOLDER = 'application/x-catchment-folder';

export function startDrag(event: DragEvent, type: string, uuid: string): void {
  event.dataTransfer.setData(type, uuid);
  event.dataTransfer.effectAllowed = 'move';
}

export function dragCarries(event: DragEvent, type: string): boolean {
  return event.dataTransfer.types.includes(type);
}

/** Whether the pointer is in the lower half of the element: drop after it rather than before. */
export function isLowerHalf(event: DragEvent<HTMLElement>): boolean {
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientY > box.top + box.height / 2;
}
