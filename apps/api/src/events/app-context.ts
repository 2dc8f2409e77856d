/**
 * The event bus on the application's context. Declared here until context.ts holds the field
 * itself (created in openApp, closed in closeApp); optional so that a context built without one
 * (tests that do not need events) still type-checks: without it, no socket route and no events.
 */
import type { EventBus } from './event-bus.js';

declare module '../context.js' {
  interface AppContext {
    /** Events pushed to connected clients, across API processes (real-time socket, SPEC §7). */
    events?: EventBus;
  }
}
