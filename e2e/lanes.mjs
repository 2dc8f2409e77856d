// The two lanes of browser tests `npm test` runs side by side, each against a server of its own
// (e2e/run.mjs 1, e2e/run.mjs 2). Lane 1 runs the files listed here; lane 2 runs every other
// e2e/*.e2e.ts file, so a new file lands in lane 2. Each file's figure is the seconds it took in
// its lane during one `npm test` on two cores, beside the other suites: the lanes are balanced when
// lane 1's total is about half the sum over every file (each lane also waits for the demo database
// that one suite makes for all, apps/api/test/demo-database.ts, then starts its server from a copy
// of it in about a minute). When one lane ends minutes after the other (`npm test` prints when each
// ends), move a file between them.
export const LANE_1 = {
  'own-data.e2e.ts': 142,
  'poi.e2e.ts': 107,
  'heatmap.e2e.ts': 91,
  'edit-areas.e2e.ts': 81,
  'flows.e2e.ts': 80,
  'plans.e2e.ts': 76,
  'report.e2e.ts': 71,
  'analysis-panel.e2e.ts': 67,
  'collaboration.e2e.ts': 64,
  'integrations.e2e.ts': 41,
};
