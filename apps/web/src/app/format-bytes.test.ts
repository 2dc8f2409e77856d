import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.js';

describe('formatBytes', () => {
  it('says kilobytes below a megabyte and megabytes from one, with one decimal at most', () => {
    expect(formatBytes(860 * 1024, 'en')).toBe('860 kB');
    expect(formatBytes(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatBytes(Math.round(4.75 * 1024 * 1024), 'en')).toBe('4.8 MB');
  });

  it('never says zero of a file that has bytes', () => {
    expect(formatBytes(20, 'en')).toBe('0.1 kB');
  });

  it('writes the number as the language does', () => {
    expect(formatBytes(Math.round(4.75 * 1024 * 1024), 'fr')).toMatch(/^4,8\s?Mo$/);
  });
});
