"""Tiny models the tests compile into real AOTI packages.

Each module defines `make()` returning a dict with keys `model`, `inputs` (a tuple of example
args), and optionally `kwargs`, `dynamic_shapes` and `inductor_configs`. The package cache key
is the torch version plus the module's source text, so editing a model rebuilds its package.
"""
