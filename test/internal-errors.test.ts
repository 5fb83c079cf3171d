import { test } from "uvu";
import * as assert from "uvu/assert";
import { formatInternalError, StageError } from "../src/report/errors.ts";
import { SearchIndexBuilder } from "../src/stages/search-index/core.ts";

// How the command line shows an internal error, with and without --debug
// (test/cli.test.ts runs the binary on a real one).

/** A stage error caused by a disk error caused by a plain error: three errors, three stacks. */
function chain(): StageError {
  const root = new Error("EACCES: permission denied, open 'x'");
  const disk = new Error("could not read the cache", { cause: root });
  return new StageError("render pages", "rendering stopped. Build again; if it fails again, run with --debug and report it.", { cause: disk });
}

test("without debug: the name and message, each cause's message once, and the line about --debug; no stack", () => {
  assert.is(
    formatInternalError(chain()),
    [
      "StageError: render pages: rendering stopped. Build again; if it fails again, run with --debug and report it.",
      "  caused by: could not read the cache",
      "  caused by: EACCES: permission denied, open 'x'",
      "Run again with --debug to see the stack trace.",
    ].join("\n"),
  );
  // A cause the message already quotes is not repeated.
  const quoted = new StageError("bundle client", "esbuild failed: Unexpected ;", { cause: new Error("Unexpected ;") });
  assert.is(formatInternalError(quoted), "StageError: bundle client: esbuild failed: Unexpected ;\nRun again with --debug to see the stack trace.");
});

test("with debug: the stack of the error and of every cause, nearest cause first", () => {
  const error = chain();
  const text = formatInternalError(error, { debug: true });
  const parts = text.split(/^caused by: /m);
  assert.is(parts.length, 3, text);
  assert.is(parts[0].trimEnd(), error.stack);
  assert.ok(parts[1].startsWith("Error: could not read the cache\n    at "), parts[1]);
  assert.ok(parts[2].startsWith("Error: EACCES: permission denied, open 'x'\n    at "), parts[2]);
  assert.not.match(text, "Run again");
});

test("values thrown that are not errors, and a cause chain that loops, are shown without failing", () => {
  assert.is(formatInternalError("a string was thrown"), "a string was thrown\nRun again with --debug to see the stack trace.");
  assert.is(formatInternalError({ code: 7 }, { debug: true }), "{ code: 7 }");
  const a = new Error("a");
  const b = new Error("b", { cause: a });
  a.cause = b;
  assert.is(formatInternalError(a), "Error: a\n  caused by: b\nRun again with --debug to see the stack trace.");
  assert.is(formatInternalError(a, { debug: true }).match(/^caused by: /gm)?.length, 1);
});

test("a stage's own failure is a StageError that names the stage and says what to do", () => {
  const builder = new SearchIndexBuilder(() => "guides");
  builder.add({ url: "/guides/", title: "Guides" }, [{ anchor: "", headings: [], text: "Some text." }]);
  builder.finish();
  for (const late of [() => builder.add({ url: "/more/", title: "More" }, []), () => builder.finish()]) {
    try {
      late();
      assert.unreachable("a finished search index refuses more work");
    } catch (error) {
      assert.instance(error, StageError);
      assert.match((error as Error).message, /^build search index: the search index was used after it was finished\. This is a docs-build bug: report it/);
    }
  }
});

test.run();
