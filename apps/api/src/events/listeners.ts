/** A set of callbacks called in turn; one that throws is logged and does not stop the others. */
import type { Unsubscribe } from './event-bus.js';

export class Listeners<Args extends unknown[]> {
  private readonly listeners = new Set<(...args: Args) => void>();

  constructor(private readonly log: (message: string) => void) {}

  add(listener: (...args: Args) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  emit(...args: Args): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(...args);
      } catch (error) {
        this.log(`An event listener failed: ${describeError(error)}`);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
