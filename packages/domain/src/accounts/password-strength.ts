/**
 * How hard a password is to guess (SPEC §5: weak, fair, strong), estimated by zxcvbn-ts against
 * common passwords, English and French words, names, keyboard patterns, dates and repeats, and
 * against the user's own details (e-mail, names, company) so that those count as guessed.
 *
 * The estimator and its dictionaries (a few megabytes) are loaded on first use, by dynamic
 * imports: the web app's bundler puts them in a chunk of their own that only the password fields
 * fetch, and the API loads them in its compute threads (an estimate takes milliseconds to about a
 * second of CPU, too long for the event loop). No Node API: it runs in the browser too.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export type PasswordStrength = 'weak' | 'fair' | 'strong';

/** Strength by zxcvbn score: 0–1 are guessed within 10⁶ tries, 2 within 10⁸ (fair), 3–4 beyond. */
const STRENGTH_BY_SCORE: readonly PasswordStrength[] = ['weak', 'weak', 'fair', 'strong', 'strong'];

/**
 * Characters of a password that are estimated: the estimator's time grows steeply with length (a
 * repeated pattern of 100 characters costs seconds). A long password whose first 64 characters
 * are guessable is refused as weak, which errs on the safe side.
 */
export const PASSWORD_STRENGTH_MAX_LENGTH = 64;
/**
 * Characters tried as l33t substitutions (4 for a, 0 for o…) at once. The library's default, 100,
 * makes a password of hexadecimal or random characters (what password managers generate) cost
 * seconds to several seconds; 8 brings it under a second and still sees through "p4ssw0rd".
 */
const L33T_MAX_SUBSTITUTIONS = 8;

/** What the user gave about themselves: each counts as a word a guesser would try first. */
export interface PasswordUserInputs {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  company?: string | null | undefined;
}

let estimator: Promise<ZxcvbnFactory> | undefined;

async function loadEstimator(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, english, french] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-fr'),
  ]);
  return new ZxcvbnFactory({
    maxLength: PASSWORD_STRENGTH_MAX_LENGTH,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    dictionary: { ...common.dictionary, ...english.dictionary, ...french.dictionary },
    graphs: common.adjacencyGraphs,
  });
}

/** Loads the estimator now (e.g. when a password field gets the focus), so that the first estimate is quick. */
export function preloadPasswordStrength(): Promise<void> {
  estimator ??= loadEstimator();
  return estimator.then(() => undefined, () => { estimator = undefined; });
}

/**
 * The words of the user's details as a guesser would try them: the whole e-mail, its local part and
 * the pieces of it, the names and the company, each also as pieces between spaces.
 */
export function passwordUserWords(inputs: PasswordUserInputs): string[] {
  const words = new Set<string>();
  const add = (value: string | null | undefined) => {
    const text = value?.trim().toLowerCase();
    if (!text) return;
    words.add(text);
    for (const piece of text.split(/[\s._+\-@]+/)) if (piece.length >= 3) words.add(piece);
  };
  add(inputs.email);
  add(inputs.email?.split('@')[0]);
  add(inputs.firstName);
  add(inputs.lastName);
  add(inputs.company);
  return [...words];
}

/** The strength of a password for this user. */
export async function passwordStrength(password: string, inputs: PasswordUserInputs = {}): Promise<PasswordStrength> {
  estimator ??= loadEstimator();
  let zxcvbn: ZxcvbnFactory;
  try {
    zxcvbn = await estimator;
  } catch (error) {
    estimator = undefined; // a failed chunk load (network) is tried again next time
    throw error;
  }
  const { score } = zxcvbn.check(password, passwordUserWords(inputs));
  return STRENGTH_BY_SCORE[score] ?? 'weak';
}
