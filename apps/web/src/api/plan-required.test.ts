import { describe, expect, it } from 'vitest';
import { announcePlanRequired, onPlanRequired, planRequiredOf } from './plan-required.js';

describe('PLAN_REQUIRED answers', () => {
  it('read the feature and the plan the server names', () => {
    expect(planRequiredOf('PLAN_REQUIRED', { feature: 'census:fr', plan: 'pro_2020' })).toEqual({ feature: 'census:fr', plan: 'pro_2020' });
  });

  it('keep what they can of odd details, and ignore other errors', () => {
    expect(planRequiredOf('PLAN_REQUIRED', { feature: 'export:multi_area', plan: 'gold' })).toEqual({ feature: 'export:multi_area', plan: null });
    expect(planRequiredOf('PLAN_REQUIRED', undefined)).toEqual({ feature: null, plan: null });
    expect(planRequiredOf('AREA_LIMIT_REACHED', { maxAreas: 10 })).toBeNull();
  });

  it('reach every listener until it stops listening', () => {
    const heard: string[] = [];
    const stop = onPlanRequired((required) => heard.push(required.plan ?? 'none'));
    announcePlanRequired({ feature: 'divisions:fr', plan: 'essential_2019' });
    stop();
    announcePlanRequired({ feature: 'census:fr', plan: 'pro_2020' });
    expect(heard).toEqual(['essential_2019']);
  });
});
