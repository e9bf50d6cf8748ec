"""The rules of `fatewalker`, one module per section of seed 003's Dramatic Scenes and
Actions and Maneuvers pages."""
