export { EditorProvider, useEditor, uploadVisitorMap } from './editor-context.js';
export type { EditorApi } from './editor-context.js';
export { SaveIndicator } from './save-indicator.js';
export { UndoToast } from './undo-toast.js';
export { useEditorShortcuts } from './shortcuts.js';
export type { EditorCommand } from './commands.js';
export type { EditorState, EditorFolder } from './editor-state.js';
