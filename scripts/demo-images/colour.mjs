// Colour helpers of the demo images.

// ---------------------------------------------------------------------------
// Colour helpers
// ---------------------------------------------------------------------------

/** Mixes a hex colour with black (amount < 0) or white (amount > 0). */
export function shade(hex, amount) {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  return `#${channels
    .map((c) => Math.round(c + (target - c) * t))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Relative luminance-ish value in 0..1 (good enough for picking tints). */
export function luminance(hex) {
  const n = Number.parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
}
