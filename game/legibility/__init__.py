"""The legibility audit (issue 28): every screen, every text, both languages; see __main__."""
