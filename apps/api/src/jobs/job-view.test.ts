import { describe, expect, it } from 'vitest';
import { failureMessage, toJobView, type JobRow } from './job-view.js';

const row = (overrides: Partial<JobRow>): JobRow => ({
  id: '6f1c1c2e-8a1b-4b7e-9d3a-1c2b3d4e5f60',
  name: 'export-areas',
  state: 'created',
  output: null,
  createdOn: new Date('2026-01-01T00:00:00Z'),
  startedOn: null,
  completedOn: null,
  retryCount: 0,
  ...overrides,
});

describe('failureMessage', () => {
  it('reads the three shapes pg-boss stores a failure in', () => {
    expect(failureMessage({ name: 'Error', message: 'disk full', stack: 'Error: disk full\n    at …' })).toBe('disk full');
    expect(failureMessage({ value: { message: 'job failed by timeout in active state' } })).toBe('job failed by timeout in active state');
    expect(failureMessage({ value: 'pg-boss shut down while active' })).toBe('pg-boss shut down while active');
  });

  it('has nothing to say about anything else', () => {
    for (const output of [null, undefined, 'text', 42, [], { progress: 0.5 }, { value: 3 }]) expect(failureMessage(output)).toBeUndefined();
  });
});

describe('toJobView', () => {
  it('shows the output of a completed job, never pg-boss’s envelope', () => {
    expect(toJobView(row({ state: 'completed', output: { output: { file: 'a.xlsx' } } }))).toMatchObject({ status: 'completed', progress: 1, output: { file: 'a.xlsx' } });
  });

  it('shows the progress of a running job, not the error its previous attempt left', () => {
    const view = toJobView(row({ state: 'active', output: { message: 'previous attempt broke' }, retryCount: 1 }));
    expect(view).toMatchObject({ status: 'active', retryCount: 1 });
    expect(view.error).toBeUndefined();
    expect(toJobView(row({ state: 'active', output: { progress: 0.25 } })).progress).toBe(0.25);
  });

  it('gives the last error of a job waiting for its retry and of a failed one, and never their stack', () => {
    const failure = { name: 'Error', message: 'CRM unreachable', stack: 'Error: CRM unreachable\n    at sync.ts:1' };
    expect(toJobView(row({ state: 'retry', output: failure }))).toMatchObject({ status: 'delayed', error: 'CRM unreachable' });
    const failed = toJobView(row({ state: 'failed', output: failure }));
    expect(failed).toMatchObject({ status: 'failed', error: 'CRM unreachable' });
    expect(JSON.stringify(failed)).not.toContain('sync.ts');
  });
});
