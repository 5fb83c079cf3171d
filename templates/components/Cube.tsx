/** Depth of a cube when none is given, in px. */
const DEFAULT_CUBE_DEPTH = 30;

const FACES = ["front", "back", "right", "left", "top", "bottom"] as const;

/**
 * A spinning 3D cube drawn with CSS transforms (depth 120 in the hero, 30 by
 * default). It stands still for readers who prefer reduced motion.
 */
export function Cube({ depth = DEFAULT_CUBE_DEPTH, spin = true }: { depth?: number; spin?: boolean }) {
  return (
    <div className={spin ? "cube spin" : "cube"} aria-hidden="true" style={{ ["--cube-depth" as string]: `${depth}px`, width: depth, height: depth }}>
      <div className="cube-inner">
        {FACES.map((face) => (
          <span key={face} className={`cube-face cube-${face}`} />
        ))}
      </div>
    </div>
  );
}
