const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A colour swatch for the branding page, written in content as `<BrandingSample color="#8dd6f9" />`. */
export function BrandingSample({ color }: { color?: string }) {
  const safe = color && COLOR.test(color) ? color : undefined;
  return <span className="branding-sample" role="img" aria-label={`Colour sample ${color ?? ""}`} style={safe ? { background: safe } : undefined} />;
}
