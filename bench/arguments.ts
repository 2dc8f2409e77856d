/** The benches' command-line options: `--name value`. */

/** The value after `--name` on the command line; undefined when the option is not given. */
export function argument(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
