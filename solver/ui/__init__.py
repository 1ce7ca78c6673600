"""Front ends shared by the three games: click options, saved games, tournaments, the
demo, and the full-screen app. Engines (rules, kernels, players) never import from here."""
