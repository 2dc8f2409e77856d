/**
 * Which of a dataset's columns labels its points on the map (the tiles' `name`): the first whose
 * header says it is a name (name, nom, label, libellé, title, company, raison sociale, enseigne,
 * store, magasin, customer, client, in any case and with or without accents), else the first
 * column. Imported files have no column marked as the label, and their headers are the user's.
 */

const NAME_HEADERS = new Set([
  'name', 'names', 'nom', 'label', 'libelle', 'title', 'titre', 'company', 'company name', 'societe', 'raison sociale',
  'enseigne', 'store', 'store name', 'magasin', 'shop', 'customer', 'customer name', 'client', 'nom client',
]);

const folded = (header: string) => header.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[\s_-]+/g, ' ').trim();

/** The index of the label column; undefined for a dataset without columns. */
export function labelColumn(columns: readonly string[]): number | undefined {
  if (columns.length === 0) return undefined;
  const named = columns.findIndex((column) => NAME_HEADERS.has(folded(column)));
  return named >= 0 ? named : 0;
}
