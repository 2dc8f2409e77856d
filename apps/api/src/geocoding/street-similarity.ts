/**
 * How well an imported street's name fits a query's, 0 (not the same street) to 1 (the same key:
 * spelling, case, accents, hyphens and abbreviations aside). Between the two, a name a typo or
 * two away (a letter missed, doubled, wrong, or two swapped: "Waidmanstraße" for "Waidmannstraße",
 * "Wekenreuth" for "Weikenreuth"), on the keys or
 * on the folded names written out ("Hauptstrase" is one letter from "Hauptstrasse" but three from
 * the key "hauptstr"), or close by its trigrams (PostgreSQL pg_trgm, computed by the query that
 * found the candidate). Names that merely share most of their letters ("Eichenweg" and
 * "Eichenstraße", "Bahnhofstraße" and "Alte Bahnhofstraße", "Weikenreuth" and "Weikenreuther
 * Straße") are different streets and score 0: a fuzzy match that picks a neighbouring street is
 * worse than none.
 */
import { placeNameKey } from '@catchment/geodata';

/** Trigram similarity from which two names are taken for one. */
const TRIGRAM_MIN = 0.65;
/** Edits allowed: one, and one more per six letters of the longer name. */
const LETTERS_PER_EDIT = 6;

export interface StreetName {
  /** As written. */
  name: string;
  /** streetNameKey of the name. */
  key: string;
}

export function streetSimilarity(query: StreetName, candidate: StreetName, trigramSimilarity: number): number {
  if (query.key === candidate.key) return 1;
  const spelledOut = (name: string) => placeNameKey(name).replace(/ /g, '');
  const byEdits = Math.max(editScore(query.key, candidate.key), editScore(spelledOut(query.name), spelledOut(candidate.name)));
  const byTrigrams = trigramSimilarity >= TRIGRAM_MIN ? trigramSimilarity : 0;
  // Below the exact key's 1 whatever the measures say.
  return Math.min(0.99, Math.max(byEdits, byTrigrams));
}

function editScore(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 0;
  const allowed = Math.max(1, Math.floor(longest / LETTERS_PER_EDIT));
  const distance = editDistance(a, b, allowed);
  return distance <= allowed ? 1 - distance / longest : 0;
}

/**
 * Edit distance counting insertions, deletions, substitutions and swaps of two neighbouring
 * letters (the usual typos) as one edit each (optimal string alignment), or any number above
 * `limit` once it is sure to exceed it.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}
