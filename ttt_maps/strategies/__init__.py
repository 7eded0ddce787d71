"""Stage 3, strategies: tie-break policies (chains of keys, presets, opening
books) choose one optimal move per position; trees record everything a map
draws; the audit behind ``check``; games played against a map. The drawing
stages read only the trees built here."""
