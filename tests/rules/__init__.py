"""Tests by rule: one file per section of docs/rules.md, named after it (test_s5_opening.py pins rules §5)."""
