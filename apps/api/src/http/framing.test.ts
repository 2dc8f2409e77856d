import { describe, expect, it } from 'vitest';
import { parseFrameAncestors, withFrameAncestors } from './framing.js';

describe('FRAME_ANCESTORS', () => {
  it('defaults to any site', () => {
    expect(parseFrameAncestors(undefined)).toEqual(['*']);
    expect(parseFrameAncestors('  ')).toEqual(['*']);
  });

  it('reads origins, wildcard subdomains, ports and keywords separated by spaces or commas', () => {
    expect(parseFrameAncestors("https://a.example  https://*.b.example:8443/, 'self' http://localhost:*"))
      .toEqual(['https://a.example', 'https://*.b.example:8443', "'self'", 'http://localhost:*']);
    expect(parseFrameAncestors("'none'")).toEqual(["'none'"]);
  });

  it('refuses what is not a source, so nothing else is written into the header', () => {
    expect(() => parseFrameAncestors('https://a.example; script-src *')).toThrow(/FRAME_ANCESTORS/);
    expect(() => parseFrameAncestors('a.example')).toThrow(/a\.example/);
    expect(() => parseFrameAncestors('https://a.example/path')).toThrow(/FRAME_ANCESTORS/);
    expect(() => parseFrameAncestors("'none' https://a.example")).toThrow(/'none'/);
  });
});

describe('withFrameAncestors', () => {
  it('replaces the directive, keeping the others', () => {
    expect(withFrameAncestors("default-src 'self';frame-ancestors 'self';img-src data:", ['https://a.example', 'https://b.example']))
      .toBe("default-src 'self';img-src data:;frame-ancestors https://a.example https://b.example");
  });

  it('adds it to a policy that had none', () => {
    expect(withFrameAncestors("default-src 'self'", ['*'])).toBe("default-src 'self';frame-ancestors *");
    expect(withFrameAncestors('', ['*'])).toBe('frame-ancestors *');
  });
});
