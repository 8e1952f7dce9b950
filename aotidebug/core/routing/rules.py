"""All structural rules, in the order they are evaluated (the build's, then deployment's). How
they are weighed and combined: structural.py."""

from __future__ import annotations

from .rule import Rule
from .rules_build import BUILD_RULES
from .rules_deploy import DEPLOY_RULES

__all__ = ["Rule", "RULES"]

RULES: tuple[Rule, ...] = BUILD_RULES + DEPLOY_RULES
