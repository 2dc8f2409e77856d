import { describe, expect, it } from 'vitest';
import { nameColumns } from './column-names.js';

const columnN = (position: number) => `Column ${position}`;

describe('nameColumns', () => {
  it('keeps named headers, trimmed and without a byte-order mark', () => {
    expect(nameColumns(['\uFEFFid', ' name ', 'lat'], columnN)).toEqual({ columns: ['id', 'name', 'lat'], renamed: [] });
  });

  it('names empty headers by their position and says so', () => {
    expect(nameColumns(['id', '', '  ', 'city'], columnN)).toEqual({
      columns: ['id', 'Column 2', 'Column 3', 'city'],
      renamed: [{ position: 2, original: '', name: 'Column 2' }, { position: 3, original: '', name: 'Column 3' }],
    });
  });

  it('tells repeated names apart, and never makes a name another header already has', () => {
    const { columns, renamed } = nameColumns(['name', 'name', 'Column 3', ''], columnN);
    expect(columns).toEqual(['name', 'name (2)', 'Column 3', 'Column 4']);
    expect(renamed.map((column) => column.position)).toEqual([2, 4]);
    expect(new Set(nameColumns(['Column 2', '', 'Column 2 (2)'], columnN).columns).size).toBe(3);
  });
});
