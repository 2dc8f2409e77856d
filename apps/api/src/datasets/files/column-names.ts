/**
 * A table's column names from its header row (SPEC §8: empty headers are named automatically, and
 * the user is told): blanks trimmed, an empty header named by its position ("Column 3"), a repeated
 * name given its position too, so that every column has one name a mapping can refer to.
 */
export interface RenamedColumn {
  /** 1-based, as a spreadsheet user counts. */
  position: number;
  /** The header as the file had it ('' when empty). */
  original: string;
  name: string;
}

export interface ColumnNames {
  columns: string[];
  renamed: RenamedColumn[];
}

export function nameColumns(header: readonly string[], nameOf: (position: number) => string): ColumnNames {
  const taken = new Set<string>();
  const columns: string[] = [];
  const renamed: RenamedColumn[] = [];
  header.forEach((cell, index) => {
    const original = cell.replace(/^\uFEFF/, '').trim();
    let name = original;
    if (!name || taken.has(name)) {
      name = original ? `${original} (${index + 1})` : nameOf(index + 1);
      // A header may already be called "Column 3": count on until the name is free.
      for (let n = 2; taken.has(name); n++) name = `${original || nameOf(index + 1)} (${n})`;
      renamed.push({ position: index + 1, original, name });
    }
    taken.add(name);
    columns.push(name);
  });
  return { columns, renamed };
}
