export * from './reachability-grid.js';
export * from './reachability-request.js';
