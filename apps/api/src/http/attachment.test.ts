import { describe, expect, it } from 'vitest';
import { attachment, fileNameFrom } from './attachment.js';

describe('file names of downloads', () => {
  it('keeps a plain title, accents included', () => {
    expect(fileNameFrom('Zones de chalandise — Nice', 'kml', 'map')).toBe('Zones de chalandise — Nice.kml');
  });

  it('replaces what file systems refuse and trims dots and spaces', () => {
    expect(fileNameFrom('../a/b: c*?"<>|\u0007.', 'kml', 'map')).toBe('a b c.kml');
    expect(fileNameFrom(' .hidden ', 'geojson', 'map')).toBe('hidden.geojson');
  });

  it('falls back when nothing is left, and cuts long titles', () => {
    expect(fileNameFrom('///', 'kml', 'My map')).toBe('My map.kml');
    expect(fileNameFrom('x'.repeat(300), 'kml', 'map')).toBe(`${'x'.repeat(100)}.kml`);
  });

  it('names the file in the header with an ASCII fallback and the UTF-8 name', () => {
    expect(attachment('Côte "d\'Azur".kml')).toBe(`attachment; filename="Cote d'Azur.kml"; filename*=UTF-8''C%C3%B4te%20%22d%27Azur%22.kml`);
  });
});
