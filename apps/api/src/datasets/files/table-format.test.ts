import { describe, expect, it } from 'vitest';
import { sniffTableFormat } from './table-format.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('sniffTableFormat', () => {
  it('takes a zip archive for a workbook and text for a CSV, whatever their names', () => {
    expect(sniffTableFormat(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBe('xlsx');
    expect(sniffTableFormat(bytes('id;name\n1;Bäckerei\n'))).toBe('csv');
    expect(sniffTableFormat(Uint8Array.from([0xff, 0xfe, 0x69, 0x00, 0x64, 0x00]))).toBe('csv');
    expect(sniffTableFormat(Uint8Array.from([0x69, 0x64, 0x3b, 0xe9, 0x0a]))).toBe('csv');
  });

  it('refuses binary files and empty ones', () => {
    expect(sniffTableFormat(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]))).toBeUndefined();
    expect(sniffTableFormat(bytes('%PDF-1.7\n\x01\x02\x03\x04\x05\x06\x07\x08'))).toBeUndefined();
    expect(sniffTableFormat(new Uint8Array())).toBeUndefined();
  });
});
