import { describe, expect, it } from 'vitest';
import { passwordStrength, passwordUserWords } from './password-strength.js';

const ada = { email: 'ada.lovelace@analytical-engine.co.uk', firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engine' };

describe('password strength', () => {
  it.each([
    ['password'],
    ['12345678'],
    ['        '],
    ['azertyuiop'],
    ['motdepasse'],
    ['Password1'],
    ['aaaaaaaaaaaa'],
    ['abcdefgh'],
    ['p4ssw0rd'],
    ['P@$$w0rd1'],
  ])('rates %j weak', async (password) => {
    expect(await passwordStrength(password)).toBe('weak');
  });

  it('rates the user\'s own e-mail, names and company weak', async () => {
    expect(await passwordStrength(ada.email, ada)).toBe('weak');
    expect(await passwordStrength('adalovelace', ada)).toBe('weak');
    expect(await passwordStrength('analyticalengine', ada)).toBe('weak');
    // The same e-mail is not in any dictionary: only the user's details make it weak.
    expect(await passwordStrength(ada.email)).not.toBe('weak');
  });

  it('rates passphrases and random strings strong', async () => {
    expect(await passwordStrength('correct horse battery', ada)).toBe('strong');
    expect(await passwordStrength('kj4!Lm9#qz', ada)).toBe('strong');
    expect(await passwordStrength('vélo rouge sous la pluie')).toBe('strong');
  });

  it('rates something in between fair', async () => {
    expect(await passwordStrength('bluecar77')).toBe('fair');
    expect(await passwordStrength('Chocolat99!')).toBe('fair');
  });

  // Estimating costs time that grows steeply with the length (seconds past 100 characters), so only
  // the first characters are read; how long an estimate takes is measured by no test here.
  it('judges a long password by its first 64 characters, and random ones as strong', async () => {
    expect(await passwordStrength('a'.repeat(200))).toBe('weak');
    expect(await passwordStrength('Ab1!'.repeat(50))).toBe('weak');
    // Random characters after a guessable beginning are not read.
    expect(await passwordStrength(`${'Ab1!'.repeat(16)}3fa85f64-5717-4562-b3fc-2c963f66afa6`)).toBe('weak');
    expect(await passwordStrength(`${'Ab1!'.repeat(15)}3fa85f64-5717-4562-b3fc-2c963f66afa6`)).toBe('strong');
    expect(await passwordStrength('3fa85f64-5717-4562-b3fc-2c963f66afa6')).toBe('strong');
    expect(await passwordStrength('hopper-3fa85f64-5717-4562-b3fc-2c963f66afa6@example.com')).toBe('strong');
  }, 120_000);

  it('turns the user\'s details into the words a guesser tries first', () => {
    expect(passwordUserWords(ada)).toEqual(expect.arrayContaining([
      'ada.lovelace@analytical-engine.co.uk', 'ada.lovelace', 'lovelace', 'analytical', 'engine', 'ada', 'analytical engine',
    ]));
    expect(passwordUserWords({})).toEqual([]);
  });
});
