export { LayersPanel } from './layers-panel.js';
export { CreateAreaPanel } from './create-area-panel.js';
