"""Where games are played, whatever the game: the registry the games fill, the plugin loader
that finds a player by name, the generic game loop, the engine protocol that lets another
process play, and the seeded tournaments. Below the games' players (they register here),
above the word tools; it never imports a game."""
