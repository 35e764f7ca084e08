//! Rendered outputs (spec §5): `oneline`, the JSON board, markers, icons, relative time.
