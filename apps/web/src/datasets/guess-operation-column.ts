/**
 * The import wizard's guess of the column whose numbers are summed or averaged per area (SPEC §3
 * operationColumn): among the columns holding numbers that do not place the rows and are not
 * identifiers (id, code, postcode, phone, year…), the first whose header names an amount
 * (revenue, chiffre d'affaires, Umsatz, quantity, nombre, Anzahl…), else the first of them; null
 * when the file has none. The user may choose another, or none.
 */
import { cellNumber, mostCells } from './cell-number.js';
import { columnRole, foldHeader } from './column-roles.js';

const IDENTIFIER_WORDS = new Set([
  'id', 'ids', 'identifier', 'identifiant', 'code', 'ref', 'reference', 'no', 'nr', 'num', 'numero', 'number', 'nummer', 'key', 'uuid',
  'siret', 'siren', 'ean', 'sku', 'phone', 'telephone', 'tel', 'fax', 'mobile', 'year', 'annee', 'jahr', 'date', 'datum', 'rank', 'rang',
]);

const AMOUNT_WORDS = new Set([
  'revenue', 'revenues', 'sales', 'turnover', 'amount', 'total', 'value', 'price', 'count', 'quantity', 'qty', 'volume', 'visits', 'visitors',
  'customers', 'orders', 'ca', 'chiffre', 'affaires', 'montant', 'valeur', 'prix', 'quantite', 'nombre', 'nb', 'effectif', 'effectifs', 'ventes',
  'clients', 'commandes', 'umsatz', 'betrag', 'wert', 'preis', 'anzahl', 'menge', 'summe', 'kunden', 'bestellungen', 'mitarbeiter', 'employees',
]);

const isNumber = (cell: string) => cellNumber(cell) !== null;

/** The guess; `taken` are the columns that place the rows. */
export function guessOperationColumn(columns: readonly string[], rows: readonly (readonly string[])[], taken: readonly string[]): string | null {
  const candidates = columns.filter((column, index) => {
    if (taken.includes(column) || columnRole(column) !== null) return false;
    const words = foldHeader(column).split(' ');
    return !words.some((word) => IDENTIFIER_WORDS.has(word)) && mostCells(rows, index, isNumber);
  });
  // "nbikes", "nb_clients": a header may glue its amount word to the thing counted.
  const namesAmount = (column: string) => foldHeader(column).split(' ').some((word) => AMOUNT_WORDS.has(word) || /^(nb|num|qty|anz)[a-z]/.test(word));
  return candidates.find(namesAmount) ?? candidates[0] ?? null;
}
