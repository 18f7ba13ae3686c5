"""Scenario tests: rule cases from the rule books, played through the public API."""
