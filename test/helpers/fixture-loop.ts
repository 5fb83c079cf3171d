import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";

/** The project's `fixtures/` folder. */
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../fixtures");

/** True when expectations should be rewritten (`UPDATE=1 npm test`). */
const UPDATE = process.env.UPDATE === "1";

/**
 * Runs one test per case folder under `fixtures/<stage>/`: `run` turns the
 * case's `input/` into named outputs, each compared with `expected/<name>`
 * by `assert.fixture`. With UPDATE=1 the expectations are rewritten instead.
 */
export function fixtureLoop(stage: string, run: (caseDir: string, input: string) => Promise<Record<string, string>> | Record<string, string>) {
  const tests = suite(`fixtures/${stage}`);
  const dir = path.join(FIXTURES, stage);
  const cases = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  if (cases.length === 0) throw new Error(`No fixture cases under ${dir}`);
  for (const name of cases) {
    tests(name, async () => {
      const caseDir = path.join(dir, name);
      const outputs = await run(caseDir, path.join(caseDir, "input"));
      const expectedDir = path.join(caseDir, "expected");
      if (UPDATE) {
        fs.rmSync(expectedDir, { recursive: true, force: true });
        fs.mkdirSync(expectedDir, { recursive: true });
        for (const [file, text] of Object.entries(outputs)) fs.writeFileSync(path.join(expectedDir, file), text);
        return;
      }
      const expectedFiles = fs.existsSync(expectedDir) ? fs.readdirSync(expectedDir).sort() : [];
      assert.equal(Object.keys(outputs).sort(), expectedFiles, `outputs of ${name} differ from expected/ (run UPDATE=1 to rewrite)`);
      for (const [file, text] of Object.entries(outputs)) {
        assert.fixture(text, fs.readFileSync(path.join(expectedDir, file), "utf8"), `${name}/expected/${file}`);
      }
    });
  }
  tests.run();
}
