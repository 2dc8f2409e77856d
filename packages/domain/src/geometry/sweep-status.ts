/**
 * The status structure of a sweep line: the segments the line currently crosses, bottom to top.
 *
 * A treap (a binary search tree balanced by random priorities, so no input order can degrade it)
 * whose nodes are also linked in order, so a node's neighbours are one step away and a node is
 * removed by its handle: the order of segments is only defined at the sweep's current position,
 * so a removal could not search the tree by comparing again.
 */
export interface SweepNode<T> {
  readonly value: T;
  /** The neighbour below (previous in order), or null. */
  below: SweepNode<T> | null;
  /** The neighbour above (next in order), or null. */
  above: SweepNode<T> | null;
  priority: number;
  left: SweepNode<T> | null;
  right: SweepNode<T> | null;
  parent: SweepNode<T> | null;
}

export class SweepStatus<T> {
  private root: SweepNode<T> | null = null;

  /**
   * Inserts a value at its place: `compare(value, other)` is negative when value goes below other.
   * Expected O(log n) comparisons.
   */
  insert(value: T, compare: (value: T, other: T) => number): SweepNode<T> {
    const node: SweepNode<T> = { value, below: null, above: null, priority: Math.random(), left: null, right: null, parent: null };
    let parent: SweepNode<T> | null = null;
    let current = this.root;
    let goesLeft = false;
    while (current) {
      parent = current;
      goesLeft = compare(value, current.value) < 0;
      if (goesLeft) {
        node.above = current;
        current = current.left;
      } else {
        node.below = current;
        current = current.right;
      }
    }
    node.parent = parent;
    if (!parent) this.root = node;
    else if (goesLeft) parent.left = node;
    else parent.right = node;
    if (node.below) node.below.above = node;
    if (node.above) node.above.below = node;
    while (node.parent && node.priority < node.parent.priority) this.rotateUp(node);
    return node;
  }

  remove(node: SweepNode<T>): void {
    if (node.below) node.below.above = node.above;
    if (node.above) node.above.below = node.below;
    while (node.left && node.right) this.rotateUp(node.left.priority < node.right.priority ? node.left : node.right);
    const child = node.left ?? node.right;
    if (child) child.parent = node.parent;
    this.replaceChild(node.parent, node, child);
    node.parent = node.left = node.right = node.below = node.above = null;
  }

  /** Lifts a node above its parent, keeping the in-order sequence. */
  private rotateUp(node: SweepNode<T>): void {
    const parent = node.parent!;
    const grandparent = parent.parent;
    if (node === parent.left) {
      parent.left = node.right;
      if (node.right) node.right.parent = parent;
      node.right = parent;
    } else {
      parent.right = node.left;
      if (node.left) node.left.parent = parent;
      node.left = parent;
    }
    parent.parent = node;
    node.parent = grandparent;
    this.replaceChild(grandparent, parent, node);
  }

  private replaceChild(parent: SweepNode<T> | null, from: SweepNode<T>, to: SweepNode<T> | null): void {
    if (!parent) this.root = to;
    else if (parent.left === from) parent.left = to;
    else parent.right = to;
  }
}
