/** The base address of the online editor's examples, followed by an example's name. */
export const STACKBLITZ_BASE = "https://stackblitz.com/github/webpack/webpack.js.org/tree/main/examples/";
