"""Runtime plumbing, the ground floor: errors, seeds, cache and user folders, saves, threads,
the Numba switchboard and the memory-mapped tables. Imports nothing else of solver."""
