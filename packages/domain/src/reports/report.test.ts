import { describe, expect, it } from 'vitest';
import { REPORT_MAX_AREAS, REPORT_SECTIONS, reportOrderBody, reportSections } from './report.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the sections of a report', () => {
  it('are every one when none is said, else those asked in the printed order', () => {
    expect(reportSections(undefined)).toEqual([...REPORT_SECTIONS]);
    expect(reportSections(['divisions', 'map'])).toEqual(['map', 'divisions']);
    expect(reportSections([])).toEqual([]);
  });
});

describe('an order of a report', () => {
  it('takes one to REPORT_MAX_AREAS distinct areas, a logo from the organisation, an image or none', () => {
    expect(reportOrderBody.safeParse({ areaIds: [id(1)] }).success).toBe(true);
    expect(reportOrderBody.safeParse({ areaIds: Array.from({ length: REPORT_MAX_AREAS }, (_, i) => id(i)) }).success).toBe(true);
    expect(reportOrderBody.safeParse({ areaIds: Array.from({ length: REPORT_MAX_AREAS + 1 }, (_, i) => id(i)) }).success).toBe(false);
    expect(reportOrderBody.safeParse({ areaIds: [] }).success).toBe(false);
    expect(reportOrderBody.safeParse({ areaIds: [id(1), id(1)] }).success).toBe(false);
    for (const logo of ['organization', 'none', { assetId: id(9) }]) expect(reportOrderBody.safeParse({ areaIds: [id(1)], logo }).success).toBe(true);
    expect(reportOrderBody.safeParse({ areaIds: [id(1)], logo: { assetId: 'x' } }).success).toBe(false);
  });

  it('trims the title and the comment and keeps their length in bounds', () => {
    expect(reportOrderBody.parse({ areaIds: [id(1)], title: '  Study  ', comment: ' For you ' })).toMatchObject({ title: 'Study', comment: 'For you' });
    expect(reportOrderBody.safeParse({ areaIds: [id(1)], title: 'x'.repeat(121) }).success).toBe(false);
    expect(reportOrderBody.safeParse({ areaIds: [id(1)], comment: 'x'.repeat(2001) }).success).toBe(false);
  });
});
