"""The rules of `pools`, one module per section of seed 004 (its headings are only
"Combat", "Ranged" and "Melee"; the checklist's starred labels name the rest)."""
