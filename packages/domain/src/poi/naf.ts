// The NAF rév. 2 nomenclature (INSEE's French activity classification, in force since 2008):
// 21 sections, 88 divisions, 272 groups, 615 classes and 732 sub-classes. SIRENE gives each
// establishment one sub-class (`activitePrincipaleEtablissement`, `APET700`).
//
// The French labels of divisions to sub-classes are INSEE's, as shipped by @socialgouv/codes-naf
// (Apache-2.0, built from INSEE's published list); the sections, which it leaves out, and the
// English labels are in naf-sections.ts and naf-english.ts.
//
// Codes are kept without their dot (`5610A`, class `5610`, group `561`, division `56`, section `I`):
// the form SIRENE's files use and poi_items.naf stores. People write them with the dot (`56.10A`).
import codesNaf from '@socialgouv/codes-naf';
import type { Locale } from '../enums.js';
import { NAF_DIVISION_LABELS_EN, NAF_SECTION_LABELS_EN, NAF_SUBCLASS_LABELS_EN } from './naf-english.js';
import { NAF_SECTIONS } from './naf-sections.js';

export type NafLevel = 'section' | 'division' | 'group' | 'class' | 'subclass';

export interface NafEntry {
  /** Without dot: `I`, `56`, `561`, `5610`, `5610A`. */
  code: string;
  /** As INSEE writes it: `I`, `56`, `56.1`, `56.10`, `56.10A`. */
  display: string;
  level: NafLevel;
  /** The code of the level above; null for a section. */
  parent: string | null;
  label: Readonly<Record<Locale, string>>;
}

interface NafIndex {
  entries: Map<string, NafEntry>;
  subclassesUnder: Map<string, string[]>;
}

let index: NafIndex | undefined;

// Built on first use: the web app imports the domain package whole, and most of its pages never
// look at a NAF code.
function nafIndex(): NafIndex {
  if (index) return index;
  const entries = new Map<string, NafEntry>();
  const sectionOfDivision = new Map<string, string>();
  for (const section of NAF_SECTIONS) {
    for (const division of section.divisions) sectionOfDivision.set(division, section.code);
    entries.set(section.code, {
      code: section.code,
      display: section.code,
      level: 'section',
      parent: null,
      label: { en: NAF_SECTION_LABELS_EN[section.code] ?? section.labelFr, fr: section.labelFr },
    });
  }
  for (const { id, label } of codesNaf) {
    const code = id.replace('.', '');
    const level = levelOfLength(code.length);
    if (!level) throw new Error(`NAF nomenclature: unexpected code ${id}`);
    const division = code.slice(0, 2);
    const parent = level === 'division' ? sectionOfDivision.get(division) : code.slice(0, code.length - 1);
    if (!parent) throw new Error(`NAF nomenclature: division ${division} is in no section`);
    entries.set(code, { code, display: id, level, parent, label: { en: englishLabel(code, level), fr: label } });
  }
  const subclassesUnder = new Map<string, string[]>();
  for (const entry of entries.values()) {
    if (entry.level !== 'subclass') continue;
    for (let code: string | null = entry.code; code; code = entries.get(code)?.parent ?? null) {
      const list = subclassesUnder.get(code) ?? [];
      list.push(entry.code);
      subclassesUnder.set(code, list);
    }
  }
  index = { entries, subclassesUnder };
  return index;
}

function levelOfLength(length: number): NafLevel | undefined {
  return ({ 2: 'division', 3: 'group', 4: 'class', 5: 'subclass' } as const)[length];
}

/** The English label, or that of its division where none is written (see naf-english.ts). */
function englishLabel(code: string, level: NafLevel): string {
  const own = level === 'subclass' ? NAF_SUBCLASS_LABELS_EN[code] : undefined;
  return own ?? NAF_DIVISION_LABELS_EN[code.slice(0, 2)] ?? code;
}

const NAF_CODE_PATTERN = /^([A-U])$|^(\d{2})(?:\.?(\d)(?:(\d)([A-Z])?)?)?$/;

/**
 * A NAF code of any level as people write it (`I`, `56`, `56.1`, `561`, `56.10`, `56.10A`,
 * `5610A`, any case, spaces around), or undefined when it is malformed or not in the nomenclature.
 */
export function findNafEntry(input: string): NafEntry | undefined {
  const match = NAF_CODE_PATTERN.exec(input.trim().toUpperCase());
  if (!match) return undefined;
  const code = match[1] ?? `${match[2]}${match[3] ?? ''}${match[4] ?? ''}${match[5] ?? ''}`;
  return nafIndex().entries.get(code);
}

/** A sub-class as stored (`5610A`) from `5610A` or `56.10A`; null for anything else. */
export function normalizeNaf(input: string): string | null {
  const entry = findNafEntry(input);
  return entry?.level === 'subclass' ? entry.code : null;
}

/** The sub-classes a code of any level covers (itself for a sub-class); empty for an unknown code. */
export function nafSubclassesUnder(code: string): readonly string[] {
  const entry = findNafEntry(code);
  return entry ? (nafIndex().subclassesUnder.get(entry.code) ?? []) : [];
}

/** The code's label in the locale; undefined for an unknown code. */
export function nafLabel(code: string, locale: Locale): string | undefined {
  return findNafEntry(code)?.label[locale];
}

/** The code and the codes above it, nearest first (`5610A`, `5610`, `561`, `56`, `I`). */
export function nafAncestors(code: string): NafEntry[] {
  const chain: NafEntry[] = [];
  for (let entry = findNafEntry(code); entry; entry = entry.parent ? nafIndex().entries.get(entry.parent) : undefined) {
    chain.push(entry);
  }
  return chain;
}

/** Every entry of one level, in the nomenclature's order. */
export function nafEntries(level: NafLevel): NafEntry[] {
  return [...nafIndex().entries.values()].filter((entry) => entry.level === level);
}
