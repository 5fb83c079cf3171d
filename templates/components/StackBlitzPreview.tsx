import { STACKBLITZ_BASE } from "../../src/shared/constants.ts";

/** A link to a live, editable example, written in content as `<StackBlitzPreview example="..." />`. */
export function StackBlitzPreview({ example }: { example?: string }) {
  return (
    <a className="stackblitz" href={`${STACKBLITZ_BASE}${example ?? ""}`} target="_blank" rel="noopener noreferrer">
      Open the <strong>{example}</strong> example in an online editor
    </a>
  );
}
