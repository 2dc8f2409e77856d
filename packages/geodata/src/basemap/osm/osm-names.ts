/**
 * The name properties a basemap feature carries, as the Protomaps schema names them: `name` (the
 * local name), `name:en` and `name:fr` (the languages the app speaks; the style picks the user's
 * and falls back to `name`), and `script` when the local name is not written in Latin letters, which
 * the Protomaps style reads to show the translated name above the local one.
 */
export type OsmTags = Readonly<Record<string, string>>;

export interface NameProperties {
  name?: string;
  'name:en'?: string;
  'name:fr'?: string;
  script?: string;
}

/** The languages whose names the tiles keep; others would only make tiles larger. */
export const LABEL_LANGUAGES = ['en', 'fr'] as const;

/** A letter of another script than Latin. */
const NON_LATIN_LETTER = /(?!\p{Script=Latin})\p{L}/u;

export function nameProperties(tags: OsmTags): NameProperties {
  const properties: NameProperties = {};
  if (tags.name) {
    properties.name = tags.name;
    if (NON_LATIN_LETTER.test(tags.name)) properties.script = 'Other';
  }
  for (const language of LABEL_LANGUAGES) {
    const name = tags[`name:${language}`];
    if (name) properties[`name:${language}`] = name;
  }
  return properties;
}
