import { describe, expect, it } from 'vitest';
import { parseMaxspeed, waySpeeds } from './profiles.js';

describe('waySpeeds', () => {
  it('keeps roads and drops what is not a road', () => {
    expect(waySpeeds({ highway: 'residential' })).not.toBeNull();
    expect(waySpeeds({ building: 'yes' })).toBeNull();
    expect(waySpeeds({ highway: 'construction' })).toBeNull();
    expect(waySpeeds({ highway: 'proposed', foot: 'yes' })).toBeNull();
  });

  it('uses class speeds and a tagged maxspeed for cars', () => {
    expect(waySpeeds({ highway: 'residential' })!.car.forward).toBe(30);
    expect(waySpeeds({ highway: 'primary', maxspeed: '50' })!.car.forward).toBeCloseTo(45);
    expect(waySpeeds({ highway: 'motorway' })!.car).toEqual({ forward: 110, backward: 0 });
  });

  it('applies oneway to vehicles but not to walkers, including -1 and roundabouts', () => {
    const oneway = waySpeeds({ highway: 'residential', oneway: 'yes' })!;
    expect(oneway.car).toEqual({ forward: 30, backward: 0 });
    expect(oneway.walk.backward).toBeGreaterThan(0);
    expect(waySpeeds({ highway: 'residential', oneway: '-1' })!.car).toEqual({ forward: 0, backward: 30 });
    expect(waySpeeds({ highway: 'tertiary', junction: 'roundabout' })!.bike.backward).toBe(0);
    expect(waySpeeds({ highway: 'residential', oneway: 'yes', 'oneway:bicycle': 'no' })!.bike.backward).toBeGreaterThan(0);
  });

  it('follows the access hierarchy per mode', () => {
    const privateRoad = waySpeeds({ highway: 'service', access: 'private' });
    expect(privateRoad).toBeNull();
    const footOnly = waySpeeds({ highway: 'service', access: 'no', foot: 'yes' })!;
    expect(footOnly.car.forward).toBe(0);
    expect(footOnly.walk.forward).toBeGreaterThan(0);
    const noCars = waySpeeds({ highway: 'residential', motor_vehicle: 'no' })!;
    expect(noCars.car.forward).toBe(0);
    expect(noCars.truck.forward).toBe(0);
    expect(noCars.bike.forward).toBeGreaterThan(0);
    expect(waySpeeds({ highway: 'footway' })!.bike.forward).toBe(5);
    expect(waySpeeds({ highway: 'footway', bicycle: 'no' })!.bike.forward).toBe(0);
    expect(waySpeeds({ highway: 'motorway' })!.walk.forward).toBe(0);
    expect(waySpeeds({ highway: 'cycleway', foot: 'no' })!.walk.forward).toBe(0);
  });

  it('keeps trucks off roads their weight, height, length or hgv tags forbid, and drives them slower', () => {
    const limited = (tags: Record<string, string>) => waySpeeds({ highway: 'primary', ...tags })!;
    expect(limited({ maxweight: '12' }).truck.forward).toBeGreaterThan(0);
    expect(limited({ maxweight: '12' }).heavy_truck.forward).toBe(0);
    expect(limited({ maxweight: '3.5' }).truck.forward).toBe(0);
    expect(limited({ maxweight: '3.5' }).car.forward).toBeGreaterThan(0);
    expect(limited({ maxheight: '3.8' }).truck.forward).toBeGreaterThan(0);
    expect(limited({ maxheight: '3.8' }).heavy_truck.forward).toBe(0);
    expect(limited({ maxlength: '12' }).heavy_truck.forward).toBe(0);
    expect(limited({ hgv: 'no' }).truck.forward).toBe(0);
    expect(limited({ hgv: 'no' }).car.forward).toBeGreaterThan(0);
    const motorway = waySpeeds({ highway: 'motorway' })!;
    expect(motorway.truck.forward).toBeLessThan(motorway.car.forward);
    expect(motorway.heavy_truck.forward).toBeLessThan(motorway.truck.forward);
    expect(waySpeeds({ highway: 'living_street' })!.heavy_truck.forward).toBe(0);
  });
});

describe('parseMaxspeed', () => {
  it('reads numbers, miles per hour and zone values', () => {
    expect(parseMaxspeed('50')).toBe(50);
    expect(parseMaxspeed('30 mph')).toBeCloseTo(48.28, 1);
    expect(parseMaxspeed('DE:urban')).toBe(50);
    expect(parseMaxspeed('FR:rural')).toBe(90);
    expect(parseMaxspeed('none')).toBe(130);
    expect(parseMaxspeed('signals')).toBeUndefined();
    expect(parseMaxspeed(undefined)).toBeUndefined();
  });
});
