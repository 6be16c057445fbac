"""Pure game rules: plain data in, plain data out; no Flask, no database, randomness injected."""
