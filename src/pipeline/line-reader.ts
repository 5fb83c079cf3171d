/**
 * Reads text that comes a chunk at a time, such as a command's output, line
 * by line: a line cut between two chunks waits for its end, so a reader sees
 * each whole line once, in order, and never holds the text whole. Pure: what
 * a line means is the subclass's, and so is what the lines add up to.
 */
export abstract class LineReader<Result> {
  #rest = "";

  /** Reads the next chunk: each line it ends, and keeps the start of the next one. */
  push(chunk: string): void {
    const lines = (this.#rest + chunk).split("\n");
    this.#rest = lines.pop() ?? "";
    for (const line of lines) this.line(line);
  }

  /** Reads what is left, the last line ("" when the text ends with a line break), and returns what the lines gave. */
  end(): Result {
    const rest = this.#rest;
    this.#rest = "";
    this.line(rest);
    return this.result();
  }

  /** Takes one line, without its line break. */
  protected abstract line(line: string): void;

  /** What the lines read gave, once the text has ended. */
  protected abstract result(): Result;
}
