/// <reference types="vite/client" />

/** The name of the build this app was compiled in (vite.config.ts); undefined outside a build (tests). */
declare const __APP_BUILD_ID__: string | undefined;
