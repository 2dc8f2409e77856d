/**
 * French commune names as INSEE's Code officiel géographique writes them: the name without its
 * article (NCCENR, or NCC in capitals) and the kind of article (TNCC). Files that give only those
 * lose "La Turbie" to "Turbie"; the article is put back here.
 */

/** TNCC → the article before the name ("" for none); 5 is the elided "L'". */
const ARTICLES: Record<string, string> = { 0: '', 1: '', 2: 'Le ', 3: 'La ', 4: 'Les ', 5: "L'", 6: 'Aux ', 7: 'Las ', 8: 'Los ' };

/**
 * The full name from INSEE's article type and article-less name: (3, "Turbie") → "La Turbie".
 * A name that carries its article in parentheses ("Turbie (La)") gets it back in front.
 */
export function nameWithArticle(tncc: string | undefined, name: string): string {
  const trailing = /^(.*?)\s*\((le|la|les|l'|aux|las|los)\)\s*$/i.exec(name);
  if (trailing) {
    const article = trailing[2]!.charAt(0).toUpperCase() + trailing[2]!.slice(1).toLowerCase();
    return article.endsWith("'") ? `${article}${trailing[1]}` : `${article} ${trailing[1]}`;
  }
  const article = tncc === undefined ? '' : ARTICLES[tncc.trim()] ?? '';
  return !article || name.toLowerCase().startsWith(article.toLowerCase()) ? name : `${article}${name}`;
}

/**
 * A commune's name from a row of an INSEE table or the properties of a boundary file, whatever
 * its publication calls it: the full name (LIBELLE, LIBGEO, nom…) when given, else the article
 * type and the article-less name.
 */
export function communeName(fields: Record<string, unknown>, fullNameColumns: readonly string[]): string | undefined {
  const text = (key: string) => {
    const value = fields[key];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const articleLess = text('NCCENR') ?? text('nccenr');
  if (articleLess) return nameWithArticle(text('TNCC') ?? text('tncc'), articleLess);
  for (const column of fullNameColumns) {
    const full = text(column);
    if (full) return nameWithArticle(undefined, full);
  }
  return undefined;
}
