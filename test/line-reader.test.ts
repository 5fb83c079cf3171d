import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { LineReader } from "../src/pipeline/line-reader.ts";

/** A reader that keeps every line it is given. */
class KeptLines extends LineReader<string[]> {
  readonly lines: string[] = [];

  protected line(line: string): void {
    this.lines.push(line);
  }

  protected result(): string[] {
    return [...this.lines];
  }
}

/** The lines of `text` read in the chunks that cutting it at `cuts` gives. */
function readInChunks(text: string, cuts: readonly number[]): string[] {
  const reader = new KeptLines();
  let from = 0;
  for (const at of [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b)) {
    reader.push(text.slice(from, at));
    from = at;
  }
  reader.push(text.slice(from));
  return reader.end();
}

test("LineReader: text cut into chunks anywhere gives the lines the whole text has, in order, each once", () => {
  const text = fc.string({ unit: fc.constantFrom("a", "é", "\0", " ", "\n", "字"), maxLength: 60 });
  fc.assert(fc.property(text, fc.array(fc.nat(), { maxLength: 12 }), (whole, cuts) => assert.equal(readInChunks(whole, cuts), whole.split("\n"))));
});

test("LineReader: a line cut between chunks waits for its end; the last line comes at the end, empty after a final line break", () => {
  const reader = new KeptLines();
  reader.push("first li");
  assert.equal(reader.lines, [], "half a line is not a line");
  reader.push("ne\nsecond");
  assert.equal(reader.lines, ["first line"]);
  assert.equal(reader.end(), ["first line", "second"]);
  const ended = new KeptLines();
  ended.push("only\n");
  assert.equal(ended.end(), ["only", ""]);
});

test("LineReader: a reader read to its end starts again from nothing", () => {
  const reader = new KeptLines();
  reader.push("kept\nhalf");
  reader.end();
  reader.push("new\n");
  assert.equal(reader.end(), ["kept", "half", "new", ""], "the half line was read at the end, not joined to the next text");
});

test.run();
