/** A small version badge, written in content as `<Badge text="5.95.0+" />`. */
export function Badge({ text }: { text?: string }) {
  return <span className="badge">{text}</span>;
}
