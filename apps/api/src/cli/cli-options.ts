/** Reading the data command line's arguments. */

/**
 * Takes `name value` out of the arguments and answers the value (undefined when the option is not
 * given), so that what is left are the positional arguments.
 */
export function takeOption(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined) throw new Error(`${name} needs a value`);
  args.splice(i, 2);
  return value;
}
