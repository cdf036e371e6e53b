"""Pure parsing and rendering of memdir's on-disk formats. No I/O lives here."""
