// The two lanes of browser tests `E2E_LANES=2 npm test` runs side by side, each against a server of its own
// (e2e/run.mjs 1, e2e/run.mjs 2). Lane 1 runs the files listed here; lane 2 runs every other
// e2e/*.e2e.ts file, so a new file lands in lane 2, which is kept the lighter. Each file's figure
// is the seconds it took in one run of all the browser tests, one file after another, on two busy
// cores: the lanes are balanced when lane 1's total is about half the sum over every file. When one
// lane ends minutes after the other (`npm test` prints when each ends), move a file between them.
export const LANE_1 = {
  'own-data.e2e.ts': 299,
  'poi.e2e.ts': 225,
  'heatmap.e2e.ts': 151,
  'collaboration.e2e.ts': 137,
  'flows.e2e.ts': 132,
  'analysis-panel.e2e.ts': 129,
  'edit-areas.e2e.ts': 121,
  'report.e2e.ts': 104,
};
