/**
 * PostgreSQL text cannot hold U+0000: a string carrying it fails deep in a query, as a 500, after
 * work was done. Every request part is searched for it before its schema runs, so every route,
 * present or future, refuses it with a 400 that names the field.
 */

function isNumberPair(value: unknown): boolean {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number';
}

interface Step { value: unknown; key: string | number | null; parent: Step | null }

function pathOf(step: Step, lastKey?: string): (string | number)[] {
  const path: (string | number)[] = lastKey === undefined ? [] : [lastKey];
  for (let at: Step | null = step; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
}

/** The path of the first string (or object key) containing U+0000, or null when there is none. */
export function findNulCharacter(value: unknown): (string | number)[] | null {
  // An explicit stack with parent links: a deeply nested hostile body must neither overflow the
  // call stack nor cost a copy of its path at every level.
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(step);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        const child: unknown = current[i];
        // Coordinates are most of a large body: numbers, and pairs of numbers, need no look.
        if (typeof child === 'number' || isNumberPair(child)) continue;
        stack.push({ value: child, key: i, parent: step });
      }
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return pathOf(step, key);
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return null;
}
