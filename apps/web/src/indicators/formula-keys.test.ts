import { describe, expect, it } from 'vitest';
import { operatorOfKey, parseTypedNumber, valueTokenOf } from './formula-keys.js';

describe('formula keys', () => {
  it('turns operator keys, and the signs the buttons show, into operators', () => {
    expect(['+', '-', '*', '/', '(', ')'].map(operatorOfKey)).toEqual(['+', '-', '*', '/', '(', ')']);
    expect(['−', '×', '÷'].map(operatorOfKey)).toEqual(['-', '*', '/']);
    expect(operatorOfKey('x')).toBeNull();
    expect(operatorOfKey('Enter')).toBeNull();
  });

  it('reads numbers the way each language writes them', () => {
    expect(parseTypedNumber('1,000', 'en')).toBe(1000);
    expect(parseTypedNumber('2.5', 'en')).toBe(2.5);
    expect(parseTypedNumber('1 000', 'fr')).toBe(1000);
    expect(parseTypedNumber('1\u202f000,5', 'fr')).toBe(1000.5);
    expect(parseTypedNumber('2,5', 'fr')).toBe(2.5);
    expect(parseTypedNumber('2.5', 'fr')).toBe(2.5);
  });

  it('leaves words and half-numbers to the measure search', () => {
    expect(parseTypedNumber('pop', 'en')).toBeNull();
    expect(parseTypedNumber('12a', 'en')).toBeNull();
    expect(parseTypedNumber('', 'fr')).toBeNull();
    expect(parseTypedNumber('1.', 'en')).toBeNull();
    expect(valueTokenOf('100', 'en')).toEqual({ type: 'value', value: 100 });
    expect(valueTokenOf('Population', 'en')).toBeNull();
  });
});
