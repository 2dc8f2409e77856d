import type { en } from './en.js';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every web catalogue has: the English one's keys, any text. */
export type WebCatalogue = Widen<typeof en>;
