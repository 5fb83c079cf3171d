/**
 * Reads `--rounds N` (or `--rounds=N`) from a benchmark's arguments. An
 * unknown argument or a value that is not a positive whole number prints the
 * usage and exits with code 2.
 */
export function parseRounds(argv: readonly string[], options: { defaultRounds: number; usage: string }): number {
  let rounds = options.defaultRounds;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    let value: string | undefined;
    if (arg === "--rounds") value = argv[++i];
    else if (arg.startsWith("--rounds=")) value = arg.slice("--rounds=".length);
    else {
      process.stderr.write(`unknown argument ${arg}\nusage: ${options.usage}\n`);
      process.exit(2);
    }
    if (!value || !/^[1-9]\d*$/.test(value)) {
      process.stderr.write(`--rounds needs a positive whole number, got ${value ?? "nothing"}\n`);
      process.exit(2);
    }
    rounds = Number(value);
  }
  return rounds;
}
