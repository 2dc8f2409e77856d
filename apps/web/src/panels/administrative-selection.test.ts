import { describe, expect, it } from 'vitest';
import type { UnitKindSummary } from '@catchment/domain';
import { defaultKind, toggleUnit } from './administrative-selection.js';

const kind = (name: UnitKindSummary['kind'], geometry: UnitKindSummary['geometry']): UnitKindSummary =>
  ({ kind: name, country: 'fr', labelZoom: 8, units: 10, geometry, sources: ['demo'] });

describe('administrative selection', () => {
  it('adds a clicked unit and removes it on a second click', () => {
    const nice = { code: '06088', name: 'Nice' };
    const once = toggleUnit([], nice);
    expect(once).toEqual([nice]);
    expect(toggleUnit(once, nice)).toEqual([]);
  });

  it('opens on communes when their boundaries are loaded, else on a level with boundaries', () => {
    expect(defaultKind([kind('fr_cities', 'polygon'), kind('us_counties', 'polygon')])).toBe('fr_cities');
    expect(defaultKind([kind('fr_cities', 'point'), kind('us_states', 'polygon'), kind('us_counties', 'polygon')])).toBe('us_counties');
    expect(defaultKind([kind('ww_cities', 'point')])).toBe('ww_cities');
    expect(defaultKind([])).toBeNull();
  });
});
