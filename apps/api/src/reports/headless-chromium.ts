/**
 * The headless Chromium that prints reports and map pictures. Which one: CHROMIUM_PATH when set (it
 * must exist), else the first of the places the usual packages install it (Debian's chromium,
 * Ubuntu's chromium-browser, Google's). How: without a sandbox (servers and containers often run as
 * root, where Chromium's own sandbox cannot start) and with WebGL drawn in software (SwiftShader),
 * since servers have no GPU and MapLibre needs WebGL for the map pictures.
 */
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const HEADLESS_CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
] as const;

export function launchHeadlessChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...HEADLESS_CHROMIUM_ARGS], headless: true });
}

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome'] as const;

/** The executable to launch, or null when there is none (reports then fail saying what to install). */
export function findChromium(configured: string | undefined, exists: (file: string) => boolean = isExecutable): string | null {
  if (configured) return exists(configured) ? configured : null;
  return CHROMIUM_CANDIDATES.find((candidate) => exists(candidate)) ?? null;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
