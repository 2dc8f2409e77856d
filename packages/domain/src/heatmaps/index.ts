export * from './heatmap-query.js';
export * from './class-breaks.js';
export * from './color-ramp.js';
export * from './heatmap-legend.js';
